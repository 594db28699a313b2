import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';

/**
 * Admins: the newest Apple Wallet pushes of a pass and what APNs answered (200 delivered, 410 the device left,
 * 0 no answer), to tell why a wallet did not update.
 *
 * @example <PushResults passId={pass.id} />
 */
export const PushResults = ({ passId }: { passId: string | undefined }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const { data, isError } = useQuery({
    queryKey: ['pushResults', passId],
    queryFn: () => dataProvider.getPushResults(passId as string),
    enabled: Boolean(passId),
  });
  if (!passId) return null;
  return (
    <Box sx={{ mt: 2 }} aria-label={translate('app.pass.pushResults')}>
      <Typography variant="subtitle2" gutterBottom>
        {translate('app.pass.pushResults')}
      </Typography>
      {isError && <Alert severity="warning">{translate('app.pass.pushResultsFailed')}</Alert>}
      {data?.length === 0 && <Alert severity="info">{translate('app.pass.noPushResults')}</Alert>}
      {data && data.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.pass.pushTime')}</TableCell>
              <TableCell>{translate('app.pass.pushDevice')}</TableCell>
              <TableCell>{translate('app.pass.pushStatus')}</TableCell>
              <TableCell>{translate('app.pass.pushReason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((result) => (
              <TableRow key={result.id}>
                <TableCell>{new Date(result.createdAt).toLocaleString()}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{result.deviceId.slice(0, 8)}</TableCell>
                <TableCell>{result.status || translate('app.pass.pushNoAnswer')}</TableCell>
                <TableCell>{result.reason ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};
