import { useTranslate } from 'react-admin';
import { SecretShownOnceDialog } from '../../common/SecretShownOnceDialog';
import { useWebhookTranslate } from './webhookMessages';

/** A webhook's signing secret, shown once (after creation or a roll), with a copy button. */
export const WebhookSecretDialog = ({ secret, onClose }: { secret: string; onClose: () => void }) => {
  const translate = useTranslate();
  const text = useWebhookTranslate();
  return (
    <SecretShownOnceDialog
      title={text('secretTitle')}
      warning={text('secretText')}
      doneLabel={text('secretDone')}
      secretLabel={translate('resources.identity/webhook.fields.secret')}
      secret={secret}
      onClose={onClose}
    />
  );
};
