import { useMemo } from 'react';
import { useGetResourceLabel, type Identifier } from 'react-admin';
import { apiProblems, errorMessage, errorStatus } from '../dataProviders/httpClient';
import { useNotifyResult } from './useNotifyResult';

const MAX_PROBLEMS_SHOWN = 3;

/** The API's problems by path (ErrorSchema `errors`), a few of them: ' (/dynamicData/age: must be >= 0)'. */
function problemsOf(error: unknown): string {
  const lines = apiProblems(error)
    .slice(0, MAX_PROBLEMS_SHOWN)
    .map((problem) => `${problem.path}: ${problem.message}`);
  return lines.length ? ` (${lines.join('; ')})` : '';
}

const failureText = (error: unknown) =>
  (errorMessage(error) || (errorStatus(error) ? `HTTP ${errorStatus(error)}` : '')) + problemsOf(error);

/** The success and failure notifications of item reads and writes (spec section 8). */
export function useItemNotifications(resourceName: string) {
  const notifyResult = useNotifyResult();
  const getResourceLabel = useGetResourceLabel();
  return useMemo(() => {
    const resource = getResourceLabel(resourceName, 1);
    const args = (id?: Identifier) => ({ resource, id: id ?? '' });
    return {
      updated: (id: Identifier) =>
        notifyResult('success', 'app.notification.updateSuccess', {}, 'app.notification.updated', args(id)),
      updateFailed: (id: Identifier, error: unknown) =>
        notifyResult('error', 'app.notification.updateFailure', args(id), failureText(error)),
      created: (id: Identifier) =>
        notifyResult('success', 'app.notification.createSuccess', {}, 'app.notification.created', args(id)),
      createFailed: (error: unknown) =>
        notifyResult('error', 'app.notification.createFailure', args(), failureText(error)),
      deleted: (id: Identifier) =>
        notifyResult('success', 'app.notification.deleteSuccess', {}, 'app.notification.deleted', args(id)),
      deleteFailed: (id: Identifier, error: unknown) =>
        notifyResult('error', 'app.notification.deleteFailure', args(id), failureText(error)),
      readFailed: (id: Identifier, error: unknown) =>
        notifyResult('error', 'app.notification.readFailure', args(id), failureText(error)),
    };
  }, [notifyResult, getResourceLabel, resourceName]);
}
