import { TextField as MuiTextField } from '@mui/material';
import { AutocompleteInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import type { Template } from '../../../domain/schemas/template';
import { useProjectRegister } from '../../common/useProjectRegister';
import { useTemplateRegister } from '../templates/useTemplateRegister';

/**
 * The template of a pass, chosen by name (with its project's name) among `only` the templates offered.
 * A viewer who may not read templates sees the pass's template by the name the server gives with the pass, and
 * types another template's id to change it.
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
  const pass = useRecordContext<Pass>();
  const translate = useTranslate();
  if (!canRead)
    return (
      <>
        {pass?.templateName !== undefined && (
          <MuiTextField
            label={translate('resources.passes/pass.fields.templateId')}
            value={pass.templateName}
            size="small"
            slotProps={{ input: { readOnly: true } }}
          />
        )}
        {!(readOnly && pass) && <TextInput source="templateId" readOnly={readOnly} />}
      </>
    );
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
