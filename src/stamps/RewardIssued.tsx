import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConfig } from '../config';
import { passLinks } from '../resources/passes/passLinks';

/** "Reward issued": with the QR code of the reward's pass when the card gives one, else the count's restart. */
export const RewardIssued = ({ rewardPassId }: { rewardPassId?: string }) => {
  const translate = useTranslate();
  const { passBase } = useConfig();
  return (
    <Alert severity="success" variant="filled" role="status">
      <AlertTitle>{translate('app.stamp.rewardIssued')}</AlertTitle>
      {rewardPassId ? translate('app.stamp.rewardPass') : translate('app.stamp.rewardRestart')}
      {rewardPassId && (
        <Box
          component="img"
          src={passLinks(passBase, rewardPassId).qrCode}
          alt={translate('app.stamp.rewardIssued')}
          sx={{ display: 'block', mt: 1, width: 200, height: 200, bgcolor: 'white', borderRadius: 1 }}
        />
      )}
    </Alert>
  );
};
