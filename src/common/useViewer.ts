import { usePermissions } from 'react-admin';
import type { Viewer } from '../../domain/schemas/user';

/** The signed-in user and their rights per project (authProvider.getPermissions); null when unknown. */
export function useViewer(): { viewer: Viewer | null; isPending: boolean } {
  const { permissions, isPending } = usePermissions<Viewer | null>();
  return { viewer: permissions ?? null, isPending };
}
