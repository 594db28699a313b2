import Ajv, { type FormatDefinition, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { isRealDateTime } from '../../../domain/where';
import { czechFieldProblem } from '../../../domain/czechFieldProblem';
import type { FieldError } from './errors';
import { refuseUnusableInput } from './textInput';

const rfc3339DateTime = addFormats.get('date-time') as FormatDefinition<string> & {
  validate: (value: string) => boolean;
};

/**
 * RFC 3339 date-times that PostgreSQL can store too: year 0 or an offset beyond ±15:59 is valid RFC 3339 but not a
 * timestamptz, and would otherwise fail in the database instead of here.
 */
const storableDateTime: FormatDefinition<string> = {
  ...rfc3339DateTime,
  validate: (value: string) => rfc3339DateTime.validate(value) && isRealDateTime(value),
};

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, ...options });
  addFormats(ajv);
  ajv.addFormat('date-time', storableDateTime);
  return ajv;
}

const strict = createAjv({ coerceTypes: false, removeAdditional: false });
const coercing = createAjv({ coerceTypes: 'array', removeAdditional: false });
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Bodies are validated as sent (a "1" is not a number, an unknown field is an error);
 * query strings and path parameters are text by nature, so they are coerced to the schema's types.
 * Before either, a query or path parameter holding a text the database cannot store (a NUL) is refused with 400
 * (bodies are checked where they are parsed: server/http/bodyParsing).
 */
export function installValidation(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseUnusableInput(request.params, 'params');
    refuseUnusableInput(request.query, 'querystring');
  });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strictValidator(schema as object) : coercing.compile(schema as FastifySchema),
  );
}

/** The body validator of a schema, compiled once. */
export function strictValidator(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = strict.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export type AjvError = NonNullable<ValidateFunction['errors']>[number];

export function describeAjvError(error: AjvError): FieldError {
  return { ...englishProblem(error), cs: czechFieldProblem(error.keyword, error.params) };
}

function englishProblem(error: AjvError): FieldError {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const at = (name: string) => (base ? `${base}.${name}` : name);
  switch (error.keyword) {
    case 'required':
      return { path: at(String(error.params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { path: at(String(error.params.additionalProperty)), message: 'is not a known field' };
    case 'format':
      return {
        path: base,
        message:
          error.params.format === 'email'
            ? 'must be a valid e-mail address'
            : `must be a valid ${error.params.format}`,
      };
    case 'minLength': {
      // Text is trimmed before validation (domain/trimmedText): a name of spaces arrives here empty.
      const limit = Number(error.params.limit);
      return {
        path: base,
        message: limit === 1 ? 'must not be empty' : `must be at least ${limit} characters long`,
      };
    }
    case 'pattern':
      return {
        path: base,
        message: error.params.pattern === '\\S' ? 'must not be empty' : 'has a value that is not allowed',
      };
    default:
      return { path: base, message: error.message ?? 'is not valid' };
  }
}

/** Validates a body outside a route (batch items); the field errors, or undefined when valid. */
export function checkBody(schema: object, body: unknown): FieldError[] | undefined {
  const validate = strictValidator(schema);
  return validate(body) ? undefined : (validate.errors ?? []).map(describeAjvError);
}
