import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a detail page shows when it cannot load: 'We are sorry but something is broken' and why. */
export const ErrorBox = ({ message }: { message?: string }) => {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      <AlertTitle>{translate('app.error.broken')}</AlertTitle>
      {message}
    </Alert>
  );
};
