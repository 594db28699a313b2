import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ProblemList } from './ProblemList';
import { useWalletPreflight } from './useWalletPreflight';

/**
 * The Apple Wallet pre-flight of a pass or a template: errors (the pass is not signed) and warnings.
 *
 * @example <WalletCheck resource="pass" id={pass.id} />
 */
export const WalletCheck = ({ resource, id }: { resource: 'pass' | 'template'; id: string | undefined }) => {
  const translate = useTranslate();
  const { data, isError } = useWalletPreflight(resource, id);
  if (!id) return null;
  return (
    <Box sx={{ mt: 2 }} aria-label={translate('app.pass.walletCheck')}>
      <Typography variant="subtitle2" gutterBottom>
        {translate('app.pass.walletCheck')}
      </Typography>
      {isError && <Alert severity="warning">{translate('app.pass.walletCheckFailed')}</Alert>}
      {data && data.errors.length === 0 && data.warnings.length === 0 && (
        <Alert severity="success">{translate('app.pass.walletCheckOk')}</Alert>
      )}
      {data && <ProblemList problems={data.errors} title="app.pass.walletCheckErrors" />}
      {data && (
        <ProblemList problems={data.warnings} severity="warning" title="app.pass.walletCheckWarnings" />
      )}
    </Box>
  );
};
