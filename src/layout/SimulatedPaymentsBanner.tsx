import { Alert } from '@mui/material';
import { useLocation, useTranslate } from 'react-admin';
import { useConfig } from '../config';

/**
 * Above every ticket screen while the checkout pays through the simulated bank (/config.json simulatedPayments):
 * whoever sets up e-shops learns that no sale takes money before a customer does.
 */
export const SimulatedPaymentsBanner = () => {
  const { simulatedPayments } = useConfig();
  const { pathname } = useLocation();
  const translate = useTranslate();
  if (!simulatedPayments || !pathname.startsWith('/ticket/')) return null;
  return (
    <Alert severity="warning" variant="filled" sx={{ mb: 2 }}>
      {translate('app.ticket.simulatedPayments')}
    </Alert>
  );
};
