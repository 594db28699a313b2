import EmailIcon from '@mui/icons-material/Email';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext } from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import { errorMessage } from '../../dataProviders/httpClient';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { openPdfWindow } from '../../common/openPdfWindow';
import { useNotifyResult } from '../../common/useNotifyResult';
import { isPaid } from '../../../domain/ticket/paymentStates';
import { CancelOrderButton } from './CancelOrderButton';
import { RefreshPaymentStateButton } from './RefreshPaymentStateButton';
import { RefundOrderButton } from './RefundOrderButton';

/**
 * Invoice download (the PDF read with the token, opened in a new window) and Resend mail, enabled only for a paid
 * order; Refresh payment state; Refund and Cancel order for a viewer who may refund it.
 */
export const OrderActionButtons = () => {
  const order = useRecordContext<Order>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const [busy, setBusy] = useState(false);
  if (!order) return null;
  const paid = isPaid(order);

  const openInvoice = async () => {
    setBusy(true);
    try {
      await openPdfWindow(() => dataProvider.getInvoice(order.id));
    } catch (error) {
      notifyResult('error', 'app.ticket.order.invoiceFailure', {}, errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const resendMail = async () => {
    setBusy(true);
    try {
      await dataProvider.sendOrderMail(order.id);
      notifyResult('success', 'app.ticket.order.mailSent', {}, 'app.ticket.order.mailSentText', {
        email: order.email,
      });
    } catch (error) {
      notifyResult('error', 'app.ticket.order.mailFailure', {}, errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="app.ticket.order.invoice" disabled={!paid || busy} onClick={() => void openInvoice()}>
        <PictureAsPdfIcon />
      </Button>
      <Button label="app.ticket.order.resendMail" disabled={!paid || busy} onClick={() => void resendMail()}>
        <EmailIcon />
      </Button>
      <RefreshPaymentStateButton asButton />
      <RefundOrderButton />
      <CancelOrderButton />
    </>
  );
};
