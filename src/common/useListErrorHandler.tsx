import { useCallback } from 'react';
import { useGetResourceLabel, useNavigate, useResourceContext } from 'react-admin';
import { errorMessage, errorStatus } from '../dataProviders/httpClient';
import { useNotifyResult } from './useNotifyResult';

/**
 * A list that fails to load goes to /error/{status} (500 when unknown) and says which list failed.
 * 401 is left to the auth provider (back to the login page).
 */
export function useListErrorHandler() {
  const resource = useResourceContext() ?? '';
  const navigate = useNavigate();
  const notifyResult = useNotifyResult();
  const getResourceLabel = useGetResourceLabel();
  return useCallback(
    (error: unknown) => {
      const status = errorStatus(error);
      if (status === 401) return;
      notifyResult(
        'error',
        'app.notification.listFailure',
        { resource: getResourceLabel(resource, 2) },
        errorMessage(error),
      );
      navigate(`/error/${status ?? 500}`);
    },
    [resource, navigate, notifyResult, getResourceLabel],
  );
}
