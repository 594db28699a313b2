import { useGetOne } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { TEMPLATE_RESOURCE, useTemplateRegister } from '../templates/useTemplateRegister';

/**
 * The template of a pass (its dynamic data schema, languages, images), when the viewer may read
 * templates; undefined otherwise (the API then checks the pass alone).
 */
export function useTemplateOf(templateId: string | null | undefined) {
  const { canRead } = useTemplateRegister();
  const { data, isPending } = useGetOne<Template>(
    TEMPLATE_RESOURCE,
    { id: templateId ?? '' },
    { enabled: canRead && Boolean(templateId), retry: false },
  );
  return { template: data, canRead, isPending: canRead && Boolean(templateId) && isPending };
}
