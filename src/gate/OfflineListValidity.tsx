import { Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';

/**
 * Until when the downloaded list lets tickets in; once past, in red, that it must be downloaded again. Read at each
 * render (every scan renders the gate again), so a list that expires while the gate waits says so at the next scan.
 */
export const OfflineListValidity = ({ expiry }: { expiry: Date }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const until = expiry.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const expired = Date.now() > expiry.getTime();
  return (
    <Typography variant="body2" color={expired ? 'error' : 'text.secondary'} fontWeight={expired ? 700 : 400}>
      {translate(expired ? 'app.gate.offline.expired' : 'app.gate.offline.validUntil', { until })}
    </Typography>
  );
};
