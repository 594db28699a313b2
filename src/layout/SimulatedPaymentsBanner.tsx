import { Alert } from '@mui/material';
import { useLocation, useTranslate } from 'react-admin';
import { useWindowWidth } from '../common/useWindowWidth';
import { useConfig } from '../config';
import { PHONE_MAX_PX } from '../constants';

/**
 * Above every ticket screen while the checkout pays through the simulated bank (/config.json simulatedPayments):
 * whoever sets up e-shops learns that no sale takes money before a customer does. On a phone (the gate at the
 * door) it is one short line, so that the code input stays near the top; the whole text is its tooltip.
 */
export const SimulatedPaymentsBanner = () => {
  const { simulatedPayments } = useConfig();
  const { pathname } = useLocation();
  const translate = useTranslate();
  const phone = useWindowWidth() < PHONE_MAX_PX;
  if (!simulatedPayments || !pathname.startsWith('/ticket/')) return null;
  if (phone)
    return (
      <Alert
        severity="warning"
        variant="filled"
        title={translate('app.ticket.simulatedPayments')}
        sx={{
          mb: 1,
          py: 0,
          px: 1,
          '& .MuiAlert-icon': { py: 0.5, mr: 1 },
          '& .MuiAlert-message': { py: 0.5 },
        }}
      >
        {translate('app.ticket.simulatedPaymentsShort')}
      </Alert>
    );
  return (
    <Alert severity="warning" variant="filled" sx={{ mb: 2 }}>
      {translate('app.ticket.simulatedPayments')}
    </Alert>
  );
};
