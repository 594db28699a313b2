import { LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useCanAccess, useResourceContext } from 'react-admin';
import { AccessDeniedPage } from '../pages/ErrorPage';

/**
 * The page only when the viewer may do the action, else 403 in place. Until the first answer the page waits
 * without rendering, so that none of its pieces (a picker's list, a breadcrumb's name) reads what the viewer may
 * not see. A later check (the rights read again) keeps the answer it had, so a refetch never unmounts the page.
 */
export const AccessGuard = ({ action, children }: { action: string; children: ReactNode }) => {
  const resource = useResourceContext() ?? '';
  const { canAccess, isPending } = useCanAccess({ action, resource });
  if (isPending && canAccess === undefined) return <LinearProgress aria-label="loading" />;
  return canAccess === false ? <AccessDeniedPage /> : <>{children}</>;
};
