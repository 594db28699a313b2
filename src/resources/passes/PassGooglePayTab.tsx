import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';

type SaveLink = { url: string } | { error: string } | undefined;

/**
 * Save to Google Pay: the pass's 'Save to Google Wallet' link, asked of the core API with the viewer's token
 * (its template has a Google Pay object template).
 */
export const PassGooglePayTab = () => {
  const translate = useTranslate();
  const pass = useRecordContext<Pass>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const passId = pass?.id;
  // the link is of the pass it was asked for: another pass shows none until its own comes
  const [asked, setAsked] = useState<{ passId: string; link: SaveLink }>();
  const link = asked && asked.passId === passId ? asked.link : undefined;

  useEffect(() => {
    if (!passId) return;
    let current = true;
    (async () => {
      try {
        const { url } = await dataProvider.getSaveToGooglePayLink(passId);
        if (current) setAsked({ passId, link: { url } });
      } catch (error) {
        if (current) setAsked({ passId, link: { error: errorMessage(error) || String(error) } });
      }
    })();
    return () => {
      current = false;
    };
  }, [dataProvider, passId]);

  if (!pass) return null;
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Typography variant="body2">{translate('app.pass.googlePayText')}</Typography>
      {link && 'url' in link && (
        <Button variant="contained" href={link.url} target="_blank" rel="noreferrer">
          {translate('app.pass.googlePaySave')}
        </Button>
      )}
      {link && 'error' in link && <Alert severity="error">{link.error}</Alert>}
    </Stack>
  );
};
