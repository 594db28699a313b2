import { Box, LinearProgress, Typography } from '@mui/material';
import type { TObject } from '@sinclair/typebox';
import { Suspense, lazy, useMemo } from 'react';
import { useInput, useResourceContext, useTranslate, useTranslateLabel } from 'react-admin';

// the schema forms are large: loaded when one is shown
const SchemaForm = lazy(() => import('../SchemaForm'));

const keep = (value: unknown) => value;

/**
 * An object field edited as a form drawn from its JSON schema (@rjsf), each property under its label
 * (`resources.<route>.fields.<field>.<property>`), under the field's label if it has one; the value changes only when
 * the form's data does.
 *
 * @example <SchemaFormInput source="styles" schema={EshopStylesSchema} readOnly={false} />
 */
export const SchemaFormInput = ({
  source,
  schema,
  readOnly,
}: {
  source: string;
  schema: TObject;
  readOnly: boolean;
}) => {
  const resource = useResourceContext();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  // a heading where the field has a label of its own (its properties' labels may stand for it: the tab names it)
  const heading = translate(`resources.${resource ?? ''}.fields.${source}`, { _: '' });
  // no formatting: react-admin would show null as '' (not an object)
  const { field } = useInput({ source, format: keep, parse: keep });
  const uiSchema = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(schema.properties).map((key) => [
          key,
          { 'ui:title': String(translateLabel({ source: `${source}.${key}`, resource })) },
        ]),
      ),
    [schema, source, resource, translateLabel],
  );
  const change = (next: unknown) => {
    // the form tells of its data as it starts too: an unchanged value leaves the form untouched
    if (JSON.stringify(next ?? {}) !== JSON.stringify(field.value ?? {})) field.onChange(next);
  };
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      {heading && (
        <Typography variant="subtitle1" gutterBottom>
          {heading}
        </Typography>
      )}
      <Suspense fallback={<LinearProgress />}>
        <SchemaForm
          schema={schema}
          value={field.value}
          onChange={change}
          readOnly={readOnly}
          uiSchema={uiSchema}
        />
      </Suspense>
    </Box>
  );
};
