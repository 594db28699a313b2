import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { PushCampaign } from '../../../domain/schemas/pushCampaign';

/** How often a running campaign's page reads its counters again. */
const REFRESH_MS = 2000;

/**
 * A campaign's progress: a bar of the devices answered (sent or failed) out of those planned, and the counts; a
 * running campaign's page reads them again every 2 s.
 */
export const PushCampaignProgress = () => {
  const campaign = useRecordContext<PushCampaign>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const running = campaign?.status === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);
  if (!campaign) return null;
  const answered = campaign.sent + campaign.failed;
  const percent = campaign.devices
    ? Math.round((answered / campaign.devices) * 100)
    : campaign.planned
      ? 100
      : 0;
  return (
    <Box sx={{ width: '100%', maxWidth: 560, mb: 2 }} role="group" aria-label="progress">
      <LinearProgress
        variant={running && !campaign.devices ? 'indeterminate' : 'determinate'}
        value={percent}
        color={campaign.failed ? 'warning' : 'primary'}
        aria-valuetext={`${percent} %`}
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate('app.pushCampaign.progress', {
          sent: campaign.sent,
          failed: campaign.failed,
          left: campaign.left,
          devices: campaign.devices,
        })}
      </Typography>
      {running && !campaign.planned && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.pushCampaign.planning')}
        </Typography>
      )}
    </Box>
  );
};
