import { useTranslate } from 'react-admin';
import { SecretShownOnceDialog } from '../../common/SecretShownOnceDialog';
import { useApiClientTranslate } from './apiClientMessages';

/** The secret of a new API client, shown once beside its client id, with a copy button. */
export const ClientSecretDialog = ({
  clientId,
  secret,
  onClose,
}: {
  clientId: string;
  secret: string;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const text = useApiClientTranslate();
  return (
    <SecretShownOnceDialog
      title={text('secretTitle')}
      warning={text('secretText')}
      doneLabel={text('secretDone')}
      secretLabel={translate('resources.identity/apiClient.fields.clientSecret')}
      secret={secret}
      fields={[{ label: translate('resources.identity/apiClient.fields.clientId'), value: clientId }]}
      onClose={onClose}
    />
  );
};
