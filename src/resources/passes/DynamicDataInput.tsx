import { Alert, LinearProgress, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { RJSFSchema } from '@rjsf/utils';
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { useInput, useStore, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { JsonEditor } from '../../common/JsonEditor';
import { dynamicDataProblems, formCanShow, sameDynamicData, schemaProblem } from './dynamicData';
import { useTemplateOf } from './useTemplateOf';

type Mode = 'form' | 'plain';
const keep = (value: unknown) => value;
const SchemaForm = lazy(() => import('../../common/SchemaForm'));

/**
 * A pass's dynamic data, checked live against its template's dynamicDataJsonSchema: as a form generated
 * from the schema, or as plain JSON (switchable; a schema that does not compile, or that the form would match
 * with the browser's backtracking engine, leaves plain JSON only).
 */
export const DynamicDataInput = ({ readOnly = false }: { readOnly?: boolean }) => {
  const translate = useTranslate();
  const templateId = useWatch({ name: 'templateId' }) as string | null | undefined;
  const { template } = useTemplateOf(templateId);
  const schema = template?.dynamicDataJsonSchema;
  const brokenSchema = useMemo(() => (schema ? schemaProblem(schema) : null), [schema]);
  const formShows = useMemo(() => !!schema && !brokenSchema && formCanShow(schema), [schema, brokenSchema]);
  const validate = useCallback(
    (value: unknown) => {
      const problems = schema ? dynamicDataProblems(schema, value) : [];
      return problems.length ? problems.join('; ') : undefined;
    },
    [schema],
  );
  // no formatting: react-admin would show null as '' (not an object)
  const { field } = useInput({ source: 'dynamicData', validate, format: keep, parse: keep });
  const [mode, setMode] = useStore<Mode>('passes/pass.dynamicDataMode', 'form');
  const change = (next: unknown) => {
    if (!sameDynamicData(next, field.value)) field.onChange(next ?? null);
  };

  if (!templateId) return <Alert severity="info">{translate('app.pass.chooseTemplateFirst')}</Alert>;
  const asForm = mode === 'form' && formShows;
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <ToggleButtonGroup
        value={mode}
        exclusive
        size="small"
        onChange={(_event, next: Mode | null) => next && setMode(next)}
        aria-label={translate('app.pass.dynamicDataMode')}
      >
        <ToggleButton value="form">{translate('app.pass.modeForm')}</ToggleButton>
        <ToggleButton value="plain">{translate('app.pass.modePlain')}</ToggleButton>
      </ToggleButtonGroup>
      {brokenSchema && (
        <Alert severity="error">
          {translate('app.messages.invalidSchemaField', { name: template?.name ?? 'dynamicData' })}:{' '}
          {brokenSchema}
        </Alert>
      )}
      {asForm ? (
        <Suspense fallback={<LinearProgress />}>
          <SchemaForm
            schema={schema as RJSFSchema}
            value={field.value}
            onChange={change}
            readOnly={readOnly}
          />
        </Suspense>
      ) : (
        <JsonEditor
          label={translate('resources.passes/pass.fields.dynamicData')}
          value={field.value}
          onChange={change}
          allowNull
          readOnly={readOnly}
          problem={validate(field.value)}
        />
      )}
    </Stack>
  );
};
