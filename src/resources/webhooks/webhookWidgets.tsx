import { secretOnceAfterCreate } from '../../common/SecretShownOnceDialog';
import type { Widgets } from '../../common/generated/widgets';
import { RedeliverButton } from './RedeliverButton';
import { WebhookActions } from './WebhookActions';
import { WebhookDeliveriesTab } from './WebhookDeliveriesTab';
import { WebhookEventsInput } from './WebhookEventsInput';
import { WebhookSecretDialog } from './WebhookSecretDialog';

/** After a webhook is created: its signing secret, shown once; closing opens the webhook's page. */
const SecretOnce = secretOnceAfterCreate('secret', ({ secret, done }) => (
  <WebhookSecretDialog secret={secret} onClose={done} />
));

/** The webhooks' own pieces: the events' checkboxes, the deliveries tab, Send test event, Roll secret, the secret once. */
export const webhookWidgets: Widgets = {
  fields: {
    webhookEvents: WebhookEventsInput,
    webhookDeliveries: WebhookDeliveriesTab,
    webhookActions: WebhookActions,
  },
  afterCreate: { webhookSecret: SecretOnce },
};

/** A delivery's own piece: Redeliver. */
export const webhookDeliveryWidgets: Widgets = { fields: { redeliver: RedeliverButton } };
