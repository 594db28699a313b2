import { useState } from 'react';
import { useRedirect, type RaRecord } from 'react-admin';
import type { ApiClient } from '../../../domain/schemas/apiClient';
import { ItemCreate } from '../../common/ItemCreate';
import { ApiClientInputs } from './ApiClientInputs';
import { ClientSecretDialog } from './ClientSecretDialog';

/** A new API client: after saving, its secret is shown once; closing opens the client's page. */
export const ApiClientCreate = () => {
  const redirect = useRedirect();
  const [created, setCreated] = useState<ApiClient | null>(null);
  return (
    <>
      <ItemCreate
        defaultValues={{ active: true }}
        onCreated={(record: RaRecord) => setCreated(record as ApiClient)}
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
