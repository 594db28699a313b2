import { AutocompleteInput, TextInput } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { useProjectRegister } from '../../common/useProjectRegister';
import { useTemplateRegister } from '../templates/useTemplateRegister';

/**
 * The template of a pass, chosen by name (with its project's name) among `only` the templates offered.
 * A viewer who may not read templates types the template's id instead.
 */
export const TemplateChoice = ({
  only,
  readOnly = false,
}: {
  only: (template: Template) => boolean;
  readOnly?: boolean;
}) => {
  const { templates, canRead, isPending } = useTemplateRegister();
  const { byId: projects } = useProjectRegister();
  if (!canRead) return <TextInput source="templateId" readOnly={readOnly} />;
  const choices = templates
    .filter(only)
    .map((template) => ({
      id: template.id,
      name: `${template.name} (${projects.get(template.projectId)?.name ?? template.projectId})`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <AutocompleteInput source="templateId" choices={choices} isPending={isPending} readOnly={readOnly} />
  );
};
