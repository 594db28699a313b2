import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useGetIdentity } from 'react-admin';
import type { Project } from '../../domain/schemas/project';
import { ITEM_CACHE_MS } from '../constants';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';

const REGISTER_KEY = ['identity/project', 'register'] as const;

/**
 * Every project the viewer can see, read as a complete list (1000 per request) once signed in and kept
 * for names (parents, available projects) and choices (parent of a new project).
 */
export function useProjectRegister() {
  const dataProvider = useDataProvider<CoreDataProvider>();
  const { identity } = useGetIdentity();
  const query = useQuery({
    queryKey: [...REGISTER_KEY, identity?.id],
    queryFn: () => dataProvider.getCompleteList<Project>('identity/project'),
    enabled: Boolean(identity?.id),
    staleTime: ITEM_CACHE_MS,
  });
  const byId = useMemo(
    () => new Map((query.data ?? []).map((project) => [project.id, project])),
    [query.data],
  );
  return { projects: query.data ?? [], byId, isPending: query.isPending };
}

/** Read the register again after projects were created or changed. */
export function useRefreshProjectRegister() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: REGISTER_KEY }), [queryClient]);
}
