import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';

/** The time now, again every 30 s: a list that expires while the gate waits says so within half a minute. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Until when the downloaded list lets tickets in; once past, in red, that it must be downloaded again. */
export const OfflineListValidity = ({ expiry }: { expiry: Date }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const until = expiry.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const expired = useNow() > expiry.getTime();
  return (
    <Typography variant="body2" color={expired ? 'error' : 'text.secondary'} fontWeight={expired ? 700 : 400}>
      {translate(expired ? 'app.gate.offline.expired' : 'app.gate.offline.validUntil', { until })}
    </Typography>
  );
};
