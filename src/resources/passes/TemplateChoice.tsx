import { AutocompleteInput, TextInput, useTranslate } from 'react-admin';
import { isUuid } from '../../../domain/where';
import type { Template } from '../../../domain/schemas/template';
import { useProjectRegister } from '../../common/useProjectRegister';
import { mandatory } from '../../common/validators';
import { useTemplateRegister } from '../templates/useTemplateRegister';

const anId = (value: unknown) =>
  value === null || value === undefined || value === '' || isUuid(value) ? undefined : 'app.pass.invalidId';

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
  const translate = useTranslate();
  const { templates, canRead, isPending } = useTemplateRegister();
  const { byId: projects } = useProjectRegister();
  const validate = [mandatory(translate('resources.passes/pass.fields.templateId')), anId];
  if (!canRead) return <TextInput source="templateId" readOnly={readOnly} validate={validate} />;
  const choices = templates
    .filter(only)
    .map((template) => ({
      id: template.id,
      name: `${template.name} (${projects.get(template.projectId)?.name ?? template.projectId})`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <AutocompleteInput
      source="templateId"
      choices={choices}
      isPending={isPending}
      readOnly={readOnly}
      validate={validate}
    />
  );
};
