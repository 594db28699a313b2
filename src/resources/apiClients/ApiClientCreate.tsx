import { useState } from 'react';
import { useRedirect, type RaRecord } from 'react-admin';
import type { ApiClient } from '../../../domain/schemas/apiClient';
import { ItemCreate } from '../../common/ItemCreate';
import { ApiClientInputs, useClientIdRule } from './ApiClientInputs';
import { ClientSecretDialog } from './ClientSecretDialog';

/** An empty client id is none: the server generates one. */
const withChosenIdOnly = (data: Record<string, unknown>) => {
  const clientId = typeof data.clientId === 'string' ? data.clientId.trim() : '';
  return { ...data, clientId: clientId || undefined };
};

/**
 * A new API client. A confidential one's secret is shown once after saving, and closing opens the client's page;
 * a public one has no secret, so its page opens at once.
 */
export const ApiClientCreate = () => {
  const redirect = useRedirect();
  const [created, setCreated] = useState<ApiClient | null>(null);
  const clientIdRule = useClientIdRule();
  const onCreated = (record: RaRecord) => {
    const client = record as ApiClient;
    if (client.clientSecret) setCreated(client);
    else redirect('edit', 'identity/apiClient', client.id);
  };
  return (
    <>
      <ItemCreate
        defaultValues={{ active: true, isPublic: false }}
        transform={withChosenIdOnly}
        rules={clientIdRule}
        onCreated={onCreated}
      >
        <ApiClientInputs mode="create" />
      </ItemCreate>
      {created && (
        <ClientSecretDialog
          clientId={created.clientId}
          secret={created.clientSecret ?? ''}
          onClose={() => redirect('edit', 'identity/apiClient', created.id)}
        />
      )}
    </>
  );
};
