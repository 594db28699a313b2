import { useCallback } from 'react';
import { useResourceContext, type RaRecord } from 'react-admin';
import { canAccessResource } from '../auth/canAccessResource';
import { useViewer } from './useViewer';

/**
 * Whether the viewer may do an action on a row of the current resource: authProvider.canAccess's answer (the same
 * rule table), given at once for every row of a list from the rights read as the console started. react-admin's
 * buttons ask it once a row instead, each in a query of its own that re-renders its row when it answers.
 *
 * @example const canEdit = useRowAccess('edit'); canEdit(pass) // true with PASS_READ on the pass's project
 */
export function useRowAccess(action: string): (record: RaRecord | undefined) => boolean {
  const resource = useResourceContext() ?? '';
  const { viewer } = useViewer();
  return useCallback(
    (record) => (viewer && record ? canAccessResource(viewer, resource, action, record) : false),
    [viewer, resource, action],
  );
}
