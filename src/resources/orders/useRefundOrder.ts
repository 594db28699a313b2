import { useState } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import type { RefundRequest } from '../../../domain/schemas/refund';
import { useFormatMoney } from '../../common/useFormatMoney';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';

/**
 * Refunds an order (POST {ticket}/v1/order/{id}/refund) and tells what came of it: given back, still requested of
 * the gateway (a warning), or refused with the gateway's reason; an error as the API says it. Answers whether the
 * refund was stored.
 */
export function useRefundOrder() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const refresh = useRefresh();
  const money = useFormatMoney();
  const [running, setRunning] = useState(false);
  const run = async (order: Order, body: RefundRequest): Promise<boolean> => {
    setRunning(true);
    try {
      const refund = await dataProvider.refundOrder(order.id, body);
      const args = { orderNumber: order.orderNumber, amount: money(refund.amount, refund.currency) };
      if (refund.state === 'succeeded')
        notifyResult('success', 'app.ticket.refund.done', {}, 'app.ticket.refund.doneText', args);
      else if (refund.state === 'requested')
        notifyResult('warning', 'app.ticket.refund.requested', {}, 'app.ticket.refund.requestedText', args);
      else notifyResult('error', 'app.ticket.refund.failed', {}, refund.failureReason ?? undefined);
      refresh();
      return true;
    } catch (error) {
      notifyResult('error', 'app.ticket.refund.failed', {}, errorMessage(error));
      refresh();
      return false;
    } finally {
      setRunning(false);
    }
  };
  return { run, running };
}
