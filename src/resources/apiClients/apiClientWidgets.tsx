import { useEffect } from 'react';
import type { AfterCreateProps, Widgets } from '../../common/generated/widgets';
import { ClientSecretDialog } from './ClientSecretDialog';

/**
 * After a client is created: a confidential one's secret, shown once, and closing opens the client's page; a public
 * one has no secret, so its page opens at once.
 */
const SecretOnce = ({ record, done }: AfterCreateProps) => {
  const secret = typeof record.clientSecret === 'string' ? record.clientSecret : '';
  const hasSecret = secret !== '';
  useEffect(() => {
    if (!hasSecret) done();
  }, [hasSecret, done]);
  if (!hasSecret) return null;
  return <ClientSecretDialog clientId={String(record.clientId)} secret={secret} onClose={done} />;
};

/** The API clients' own piece: the new secret shown once. */
export const apiClientWidgets: Widgets = { afterCreate: { clientSecret: SecretOnce } };
