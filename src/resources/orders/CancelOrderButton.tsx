import CancelIcon from '@mui/icons-material/Cancel';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import { isPaid } from '../../../domain/ticket/paymentStates';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';
import { isCancelable, useMayRefund } from './orderRefunds';
import { ReasonInput } from './ReasonInput';

/**
 * Cancel order (POST {ticket}/v1/order/{id}/cancel), for a viewer who may refund the order: an unpaid one's payment
 * is closed, a paid one is refunded whole (the dialog says so); what came of it is told as the server says it.
 */
export const CancelOrderButton = () => {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const refresh = useRefresh();
  const mayCancel = useMayRefund(order);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [running, setRunning] = useState(false);
  if (!order || !mayCancel) return null;

  const cancel = async () => {
    setRunning(true);
    try {
      const answer = await dataProvider.cancelOrder(order.id, { reason: reason.trim() });
      const failed = answer.refund?.state === 'failed';
      notifyResult(
        failed ? 'error' : answer.outcome === 'fulfilled' ? 'warning' : 'success',
        `app.ticket.cancel.${failed ? 'failure' : answer.outcome}`,
        {},
        answer.message,
      );
      setOpen(false);
    } catch (error) {
      notifyResult('error', 'app.ticket.cancel.failure', {}, errorMessage(error));
    } finally {
      setRunning(false);
      refresh();
    }
  };

  return (
    <>
      <Button label="app.ticket.order.cancel" disabled={!isCancelable(order)} onClick={() => setOpen(true)}>
        <CancelIcon />
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
          <DialogTitle>
            {translate('app.ticket.cancel.dialogTitle', { orderNumber: order.orderNumber })}
          </DialogTitle>
          <DialogContent>
            <Alert severity={isPaid(order) ? 'warning' : 'info'} sx={{ mb: 2 }}>
              {translate(isPaid(order) ? 'app.ticket.cancel.paidHelp' : 'app.ticket.cancel.unpaidHelp')}
            </Alert>
            <ReasonInput value={reason} onChange={setReason} />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('app.ticket.cancel.keep')}</MuiButton>
            <MuiButton
              variant="contained"
              color="error"
              disabled={reason.trim() === '' || running}
              onClick={() => void cancel()}
            >
              {translate('app.ticket.order.cancel')}
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};
