import { secretOnceAfterCreate } from '../../common/SecretShownOnceDialog';
import type { Widgets } from '../../common/generated/widgets';
import { ApiClientProjectRights } from './ApiClientProjectRights';
import { ClientSecretDialog } from './ClientSecretDialog';

/**
 * After a client is created: a confidential one's secret, shown once, and closing opens the client's page; a public
 * one has no secret, so its page opens at once.
 */
const SecretOnce = secretOnceAfterCreate('clientSecret', ({ record, secret, done }) => (
  <ClientSecretDialog clientId={String(record.clientId)} secret={secret} onClose={done} />
));

/** The API clients' own pieces: the new secret shown once, the rights per project. */
export const apiClientWidgets: Widgets = {
  afterCreate: { clientSecret: SecretOnce },
  fields: { apiClientProjects: ApiClientProjectRights },
};
