import type { ValidateFunction } from 'ajv';
import { problemOf } from '../../../domain/template/ajvErrors';
import { createUserSchemaAjv, userSchemaErrors } from '../../../domain/userSchemas/userSchemaAjv';
import type { FieldError } from '../../kernel/http/errors';

/** Compiled dynamic data schemas by template version (id and updatedAt): a template changes rarely, passes often. */
const compiled = new Map<string, ValidateFunction>();
const MAX_CACHED = 500;

function compile(schema: unknown): ValidateFunction {
  // A fresh Ajv per schema: Ajv keeps every schema it compiled, and a schema's $id may come back in a new version.
  return createUserSchemaAjv().compile(schema as object);
}

function validatorOf(template: TemplateVersion): ValidateFunction {
  const key = `${template.id}@${new Date(template.updatedAt).toISOString()}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = compile(template.dynamicDataJsonSchema);
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, validate);
  }
  return validate;
}

export interface TemplateVersion {
  id: string;
  updatedAt: Date | string;
  dynamicDataJsonSchema: unknown;
}

/**
 * What is wrong with a pass's dynamic data against its template's dynamicDataJsonSchema, by path
 * (`/dynamicData/name`); empty when it matches.
 *
 * @example dynamicDataProblems(template, { name: 'Jane' })
 */
export function dynamicDataProblems(template: TemplateVersion, dynamicData: unknown): FieldError[] {
  let validate: ValidateFunction;
  try {
    validate = validatorOf(template);
  } catch {
    return [
      { path: '/templateId', message: "The template's dynamic data schema is not a valid JSON Schema." },
    ];
  }
  return userSchemaErrors(validate, dynamicData).map((error) => {
    const problem = problemOf(error, '/dynamicData');
    if (error.keyword === 'required')
      return { ...problem, path: `${problem.path}/${String(error.params.missingProperty)}` };
    return problem;
  });
}
