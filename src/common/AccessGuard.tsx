import type { ReactNode } from 'react';
import { useCanAccess, useResourceContext } from 'react-admin';
import { AccessDeniedPage } from '../pages/ErrorPage';

/**
 * The page only when the viewer may do the action: react-admin would otherwise still load a list it
 * then leaves for the access-denied page. While the answer is pending the page renders (its own
 * controller waits for the same answer), so a refetch never unmounts it.
 */
export const AccessGuard = ({ action, children }: { action: string; children: ReactNode }) => {
  const resource = useResourceContext() ?? '';
  const { canAccess } = useCanAccess({ action, resource });
  return canAccess === false ? <AccessDeniedPage /> : <>{children}</>;
};
