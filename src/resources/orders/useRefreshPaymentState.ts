import { useState } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { errorMessage } from '../../dataProviders/httpClient';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { useNotifyResult } from '../../common/useNotifyResult';

/**
 * Asks the gateway again (POST {ticket}/v1/order/{id}/updatePaymentState) and tells the result in the words of
 * spec section 8: 'Payment state updated' / "Couldn't check payment state."; a gateway that could not tell the
 * state (the order kept its own) is a warning, never the success.
 */
export function useRefreshPaymentState() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [running, setRunning] = useState(false);
  const run = async (order: { id: string; orderNumber: string }) => {
    setRunning(true);
    try {
      const answer = await dataProvider.updatePaymentState(order.id);
      const orderNumber = answer.orderNumber ?? order.orderNumber;
      if (answer.stateKnown === false)
        notifyResult('warning', 'app.messages.paymentUnknownTitle', {}, 'app.messages.paymentUnknown', {
          orderNumber,
          state: translate(`app.ticket.paymentState.${answer.paymentState}`),
        });
      else
        notifyResult('success', 'app.messages.paymentUpdatedTitle', {}, 'app.messages.paymentUpdated', {
          orderNumber,
        });
      refresh();
    } catch (error) {
      notifyResult('error', 'app.messages.paymentFailure', {}, errorMessage(error));
    } finally {
      setRunning(false);
    }
  };
  return { run, running };
}
