import type { TObject, TSchema } from '@sinclair/typebox';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { closestBranchErrors } from '../../../domain/template/ajvErrors';
import { withTrimmedText } from '../../../domain/trimmedText';

/** Why a value is not correct, as a translation key of `app.form.reason` and its arguments. */
export interface ProblemReason {
  key: string;
  args?: Record<string, unknown>;
}

/**
 * One problem of a body against its write schema: a mandatory field left empty, or a value the schema refuses.
 * `field` is the form's path of the value (`title.cs`), `path` the JSON pointer the API would name (`/title/cs`).
 */
export interface WriteProblem {
  field: string;
  path: string;
  kind: 'mandatory' | 'invalid';
  reason: ProblemReason;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new WeakMap<TObject, ValidateFunction>();

function validatorOf(schema: TObject): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

const membersOf = (schema: TSchema): TSchema[] =>
  (schema as { anyOf?: TSchema[] }).anyOf?.flatMap(membersOf) ?? [schema];
const typeOf = (schema: TSchema) => (schema as { type?: unknown }).type;
const acceptsNull = (schema: TSchema) => membersOf(schema).some((member) => typeOf(member) === 'null');
const holdsText = (schema: TSchema) => membersOf(schema).some((member) => typeOf(member) === 'string');

const minItemsOf = (schema: TSchema) => (schema as { minItems?: number }).minItems ?? 0;

/** Empty as a person sees it: nothing, null where null is no value, only spaces, or no item where one is needed. */
function isEmpty(value: unknown, schema: TSchema): boolean {
  if (value === undefined) return true;
  if (value === null) return !acceptsNull(schema);
  if (Array.isArray(value)) return value.length === 0 && minItemsOf(schema) > 0;
  return typeof value === 'string' && holdsText(schema) && value.trim() === '';
}

/**
 * The part of form values a write sends: the schema's fields only (a form also holds the id, timestamps and
 * other read-only fields), unset ones left out, and null left out where the field takes no null (an input
 * cleared to nothing), its text trimmed as the server trims it before validating.
 *
 * @example writeBody(ProjectWriteSchema, { id: '…', name: ' Demo ' }) // { name: 'Demo' }
 */
export function writeBody(schema: TObject, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.properties)) {
    const value = values[field];
    if (value === undefined || (value === null && !acceptsNull(fieldSchema))) continue;
    body[field] = value;
  }
  return withTrimmedText([schema], body) as Record<string, unknown>;
}

const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

function reasonOf(error: ErrorObject): ProblemReason {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { key: error.keyword, args: { limit: params.limit } };
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
      return { key: error.keyword, args: { smart_count: params.limit } };
    case 'type':
      return { key: `type.${String(params.type)}`, args: { type: params.type } };
    case 'format':
      return ['email', 'uuid', 'date-time', 'uri'].includes(String(params.format))
        ? { key: `format.${String(params.format)}` }
        : { key: 'format.other', args: { format: params.format } };
    case 'enum':
    case 'const':
      return { key: 'enum' };
    case 'pattern':
    case 'uniqueItems':
    case 'multipleOf':
      return { key: error.keyword };
    case 'additionalProperties':
      return { key: 'additionalProperties', args: { name: params.additionalProperty } };
    default:
      return { key: 'other' };
  }
}

/**
 * What is wrong with form values against a resource's write schema, as the server would judge the write: the
 * fields the schema requires that are empty (blank text counts: the server trims it first), then every value
 * the schema refuses (lengths, patterns, choices, number bounds, formats), each once.
 *
 * @example writeSchemaProblems(ProjectWriteSchema, { name: '  ' }) // [{ field: 'name', kind: 'mandatory', … }]
 */
export function writeSchemaProblems(schema: TObject, values: Record<string, unknown>): WriteProblem[] {
  const problems: WriteProblem[] = [];
  const mandatory = new Set<string>();
  for (const field of schema.required ?? []) {
    const fieldSchema = schema.properties[field];
    if (fieldSchema && isEmpty(values[field], fieldSchema)) {
      mandatory.add(field);
      problems.push({ field, path: `/${field}`, kind: 'mandatory', reason: { key: 'mandatory' } });
    }
  }
  const body = writeBody(schema, values);
  const validate = validatorOf(schema);
  if (validate(body)) return problems;
  const seen = new Set<string>();
  for (const error of closestBranchErrors(validate.errors ?? [])) {
    if (error.keyword === 'anyOf') continue;
    const segments = segmentsOf(error.instancePath);
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    if (segments.length === 0 || mandatory.has(segments[0])) continue;
    const field = segments.join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const required = error.keyword === 'required';
    problems.push({
      field,
      path: `/${segments.join('/')}`,
      kind: required ? 'mandatory' : 'invalid',
      reason: required ? { key: 'mandatory' } : reasonOf(error),
    });
  }
  return problems;
}
