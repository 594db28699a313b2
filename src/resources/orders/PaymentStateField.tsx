import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PaymentState } from '../../../domain/schemas/order';

const colors: Partial<Record<PaymentState, 'success' | 'warning' | 'error' | 'default'>> = {
  paid: 'success',
  pending: 'warning',
  unknown: 'warning',
};

/** An order's (or item's) payment state by its display name: Paid, Canceled, Timeout, Declined 3D, … */
export const PaymentStateField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext<{ paymentState?: PaymentState }>();
  const translate = useTranslate();
  if (!record?.paymentState) return null;
  return (
    <Chip
      size="small"
      label={translate(`app.ticket.paymentState.${record.paymentState}`)}
      color={colors[record.paymentState] ?? 'error'}
      variant="outlined"
    />
  );
};
