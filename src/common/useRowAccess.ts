import { createContext, useCallback, useContext } from 'react';
import { useResourceContext, type RaRecord } from 'react-admin';
import type { canAccessResource } from '../auth/canAccessResource';
import { useViewer } from './useViewer';

/**
 * The console's rule table (canAccessResource), given by the console (App) rather than imported by the screens:
 * a screen's chunk importing it, with every resource's declaration behind it, made the bundler split the console's
 * first scripts into more, larger files.
 */
export const AccessRulesContext = createContext<typeof canAccessResource | null>(null);

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
  const canAccess = useContext(AccessRulesContext);
  return useCallback(
    (record) => (canAccess && viewer && record ? canAccess(viewer, resource, action, record) : false),
    [canAccess, viewer, resource, action],
  );
}
