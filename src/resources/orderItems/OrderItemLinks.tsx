import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import { useViewer } from '../../common/useViewer';
import { canFollowItemLinks } from './orderItemRights';

/** A row's links to the item and to its pass, disabled without PASS_READ and PASS_UPDATE on its project. */
export const OrderItemLinks = ({ withItem = true }: { withItem?: boolean }) => {
  const item = useRecordContext<OrderItem>();
  const translate = useTranslate();
  const { viewer } = useViewer();
  if (!item) return null;
  const allowed = canFollowItemLinks(viewer, item.projectId);
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  const link = (to: string, label: string, icon: React.ReactNode, enabled: boolean) => (
    <Tooltip title={label}>
      <span>
        {enabled ? (
          <IconButton size="small" aria-label={label} component={LinkBase} to={to} onClick={stop}>
            {icon}
          </IconButton>
        ) : (
          <IconButton size="small" aria-label={label} disabled>
            {icon}
          </IconButton>
        )}
      </span>
    </Tooltip>
  );
  return (
    <>
      {withItem &&
        link(
          `/ticket/ticketOrderItem/${item.id}`,
          translate('ra.action.edit'),
          <EditIcon fontSize="small" />,
          allowed,
        )}
      {link(
        `/passes/pass/${item.passId ?? ''}`,
        translate('app.ticket.orderItem.pass'),
        <ConfirmationNumberIcon fontSize="small" />,
        allowed && Boolean(item.passId),
      )}
    </>
  );
};
