import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { useState } from 'react';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import { LATE_PAYMENT_REASON, isRefundable, useMayRefund } from './orderRefunds';
import { RefundDialog } from './RefundDialog';
import { useRefundOrder } from './useRefundOrder';

/**
 * Refund: the order page's button (and, `lateOnly`, a list row's for an order "to refund": a payment that came after
 * its order timed out, its reason prefilled) that opens the refund dialog; shown to a viewer who may refund the
 * order, enabled while something is left to give back.
 */
export const RefundOrderButton = ({ lateOnly = false }: { lateOnly?: boolean }) => {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  const mayRefund = useMayRefund(order);
  const { run, running } = useRefundOrder();
  const [open, setOpen] = useState(false);
  if (!order || !mayRefund || (lateOnly && !order.toRefund)) return null;
  return (
    <>
      <Button
        label="app.ticket.order.refund"
        disabled={!isRefundable(order) || running}
        onClick={(event) => {
          // a button in a list row: the row's click (open the order) is not wanted
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <CurrencyExchangeIcon />
      </Button>
      {open && (
        <RefundDialog
          order={order}
          reason={order.toRefund ? translate(LATE_PAYMENT_REASON) : ''}
          running={running}
          onClose={() => setOpen(false)}
          onRefund={(body) => void run(order, body).then((stored) => stored && setOpen(false))}
        />
      )}
    </>
  );
};
