import type { Widgets } from '../../common/generated/widgets';
import { CancelPushCampaignButton } from './CancelPushCampaignButton';
import { PushCampaignProgress } from './PushCampaignProgress';

/** A push campaign's own pieces: its progress (refreshed while it runs) and Cancel. */
export const pushCampaignWidgets: Widgets = {
  fields: { pushCampaignProgress: PushCampaignProgress, cancelPushCampaign: CancelPushCampaignButton },
};
