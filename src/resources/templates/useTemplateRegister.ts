import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import { access } from '../../../domain/consoleAreas';
import type { Template } from '../../../domain/schemas/template';
import { ITEM_CACHE_MS } from '../../constants';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { useViewer } from '../../common/useViewer';

export const TEMPLATE_RESOURCE = 'passes/template';
const REGISTER_KEY = [TEMPLATE_RESOURCE, 'register'] as const;

/**
 * Every template the viewer may read, as a complete list (1000 per request), for names and choices.
 * Only read for viewers holding TEMPLATE_READ somewhere: the API refuses the list to anybody else.
 */
export function useTemplateRegister() {
  const dataProvider = useDataProvider<CoreDataProvider>();
  const { viewer } = useViewer();
  const canRead = viewer ? access.templates(viewer) : false;
  const query = useQuery({
    queryKey: [...REGISTER_KEY, viewer?.id],
    queryFn: () => dataProvider.getCompleteList<Template>(TEMPLATE_RESOURCE),
    enabled: canRead,
    staleTime: ITEM_CACHE_MS,
  });
  const templates = useMemo(() => query.data ?? [], [query.data]);
  const byId = useMemo(() => new Map(templates.map((template) => [template.id, template])), [templates]);
  return { templates, byId, canRead, isPending: canRead && query.isPending };
}

/** Read the register again after templates were created, renamed or deleted. */
export function useRefreshTemplateRegister() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: REGISTER_KEY }), [queryClient]);
}
