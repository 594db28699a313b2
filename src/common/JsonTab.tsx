import { Box, Typography } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { descriptorOfRoute } from '../dataProviders/resourceRegistry';
import { JsonEditor } from './JsonEditor';
import { useItemEdit } from './ItemEditContext';
import { useProblemMessage } from './validation/useFormValidator';
import { writeSchemaProblems } from './validation/writeSchemaProblems';

export interface JsonTabProps {
  /** the text area's label; 'JSON' by default */
  label?: string;
  /** by default, read-only when the viewer may not change the item */
  readOnly?: boolean;
  /** shows the write schema beside the text under this title (products) */
  schemaLabel?: string;
  minRows?: number;
}

const withoutUnset = (fields: readonly string[], values: readonly unknown[]) =>
  Object.fromEntries(
    fields.flatMap((field, index) => (values[index] === undefined ? [] : [[field, values[index]]])),
  );

/**
 * Admins: the item's writable fields (its resource's update schema; the create schema when new) as JSON text,
 * checked against that schema as it is typed, with the form's messages; valid JSON goes into the form, which saves
 * it as any other change (invalid JSON changes nothing).
 *
 * @example <JsonTab label={translate('app.template.tab.json')} />
 */
export const JsonTab = ({ label, readOnly, schemaLabel, minRows = 16 }: JsonTabProps) => {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const item = useItemEdit();
  const schema = item.writeSchema ?? descriptorOfRoute(resource)?.updateSchema;
  const fields = Object.keys(schema?.properties ?? {});
  const { setValue, trigger, formState } = useFormContext();
  const messageOf = useProblemMessage();
  const values = useWatch({ name: fields }) as unknown[];
  if (!schema) return null;
  const writable = withoutUnset(fields, values);
  const problems = writeSchemaProblems(schema, writable).map(
    (problem) => `${problem.path}: ${messageOf(problem)}`,
  );
  const onChange = (next: unknown) => {
    const changed = next as Record<string, unknown>;
    for (const field of fields) setValue(field, changed[field], { shouldDirty: true });
    // the form's messages follow the text once the form was checked (spec: revalidates on change if touched)
    if (formState.isSubmitted || Object.keys(formState.touchedFields).length > 0) void trigger();
  };
  const editor = (
    <JsonEditor
      label={label ?? translate('app.tab.json')}
      value={writable}
      onChange={onChange}
      readOnly={readOnly ?? item.readOnly}
      minRows={minRows}
      problem={problems.length > 0 ? problems.join(' · ') : undefined}
    />
  );
  if (!schemaLabel) return editor;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2, width: '100%' }}>
      {editor}
      <Box>
        <Typography variant="subtitle2">{schemaLabel}</Typography>
        <Box component="pre" sx={{ fontSize: 12, maxHeight: 480, overflow: 'auto', m: 0 }}>
          {JSON.stringify(schema, null, 2)}
        </Box>
      </Box>
    </Box>
  );
};
