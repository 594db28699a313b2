import Ajv, { type FormatDefinition, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { isRealDateTime } from '../../../domain/where';
import type { FieldError } from './errors';
import { describeAjvErrors } from './ajvErrors';
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
 * (bodies are checked where they are parsed: server/kernel/http/bodyParsing).
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

/** Validates a body outside a route (batch items); the field errors, or undefined when valid. */
export function checkBody(schema: object, body: unknown): FieldError[] | undefined {
  const validate = strictValidator(schema);
  return validate(body) ? undefined : describeAjvErrors(validate.errors ?? []);
}
