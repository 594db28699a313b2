import { Link, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import { useConfig } from '../../config';
import { saveToGooglePayLink } from './passLinks';

/** Save to Google Pay: the pass's link of the core API (its template has a Google Pay object template). */
export const PassGooglePayTab = () => {
  const translate = useTranslate();
  const pass = useRecordContext<Pass>();
  const { coreApi } = useConfig();
  if (!pass) return null;
  const link = saveToGooglePayLink(coreApi, pass.id);
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{translate('app.pass.googlePayText')}</Typography>
      <Link href={link} target="_blank" rel="noreferrer">
        {link}
      </Link>
    </Stack>
  );
};
