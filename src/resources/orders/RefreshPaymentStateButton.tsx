import SyncIcon from '@mui/icons-material/Sync';
import { IconButton, Tooltip } from '@mui/material';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import { useRefreshPaymentState } from './useRefreshPaymentState';

/** Refresh payment state: a list row's icon, or a toolbar button (`asButton`). */
export const RefreshPaymentStateButton = ({ asButton = false }: { asButton?: boolean }) => {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  const { run, running } = useRefreshPaymentState();
  if (!order) return null;
  const label = translate('app.ticket.order.refreshPaymentState');
  if (asButton)
    return (
      <Button label={label} disabled={running} onClick={() => void run(order)}>
        <SyncIcon />
      </Button>
    );
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        disabled={running}
        onClick={(event) => {
          event.stopPropagation();
          void run(order);
        }}
      >
        <SyncIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
