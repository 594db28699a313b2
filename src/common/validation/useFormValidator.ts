import type { TObject } from '@sinclair/typebox';
import { useResourceContext, useTranslate, useTranslateLabel, type ValidateForm } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { writeSchemaProblems, type WriteProblem } from './writeSchemaProblems';

/** A rule of a resource beyond its schema (fields that depend on each other or on another row). */
export interface FormRuleProblem {
  /** JSON pointer of the value, `/title/cs` */
  path: string;
  /** already readable, shown as is */
  message: string;
}

export type FormRules = (values: FieldValues) => FormRuleProblem[];

/**
 * The errors object react-admin's form takes, with the value at a dotted path; `replace` puts a message in place
 * of another one at that path (a rule's words are more precise than the schema's).
 */
function setAt(
  errors: Record<string, unknown>,
  segments: readonly string[],
  message: unknown,
  replace = false,
) {
  let node = errors;
  segments.slice(0, -1).forEach((segment) => {
    const next = node[segment];
    node[segment] = typeof next === 'object' && next !== null && !('message' in next) ? next : {};
    node = node[segment] as Record<string, unknown>;
  });
  const last = segments[segments.length - 1];
  if (node[last] === undefined || (replace && typeof node[last] === 'string')) node[last] = message;
}

/**
 * A problem in the spec's words (section 5): 'Please, fill this mandatory field: Name', or 'Please enter a
 * correct value (must be at most 200 characters long)'.
 */
export function useProblemMessage(resource?: string): (problem: WriteProblem) => string {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const contextResource = useResourceContext();
  return (problem) =>
    problem.kind === 'mandatory'
      ? translate('app.form.mandatory', {
          field: translateLabel({ source: problem.field, resource: resource ?? contextResource }),
        })
      : translate('app.form.correctValue', {
          reason: translate(`app.form.reason.${problem.reason.key}`, {
            ...problem.reason.args,
            _: translate('app.form.reason.other'),
          }),
        });
}

export interface FormValidatorOptions {
  /** the resource's own rules, checked after the schema's */
  rules?: FormRules;
  /** what the form's values become before they are sent (the same one the save applies) */
  toBody?: (values: FieldValues) => FieldValues;
  /** whose field labels name the fields; by default the resource of the context */
  resource?: string;
}

/**
 * The validator of a resource's form: the write schema, through ajv, judging what the save would send, with
 * the spec's messages under each input; the resource's own rules add theirs, in place of the schema's where both
 * speak of one value. For react-admin's form `validate`.
 *
 * @example <SimpleForm validate={useFormValidator(ProjectWriteSchema)}>…</SimpleForm>
 */
export function useFormValidator(
  schema: TObject | undefined,
  options: FormValidatorOptions = {},
): ValidateForm {
  const { rules, toBody, resource } = options;
  const messageOf = useProblemMessage(resource);
  return (values) => {
    const body = toBody ? toBody(values) : values;
    const errors: Record<string, unknown> = {};
    if (schema)
      for (const problem of writeSchemaProblems(schema, body))
        setAt(errors, problem.field.split('.'), messageOf(problem));
    for (const problem of rules?.(values) ?? [])
      setAt(errors, problem.path.split('/').slice(1), problem.message, true);
    return errors;
  };
}
