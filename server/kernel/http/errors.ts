import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredLanguage } from './requestDetails';
import { problemsIn, textIn, type Localized, type Problem } from '../../../domain/problem';
import { CZECH_FORBIDDEN, czechNotFound, czechRequestSummary } from './czechMessages';
import { describeAjvError, type AjvError } from './ajvErrors';

/** The database refused a write because a unique index holds the value already (PostgreSQL's 23505). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A field's problem; its Czech words are answered as its message to a request that asks for Czech. */
export type FieldError = Problem;

export type { Localized };

/** The languages of the API's messages; the console sends its own as `Accept-Language`. */
export type MessageLanguage = 'en' | 'cs';

/** The language a request asks its messages in: Czech when its `Accept-Language` prefers it, else English. */
export function messageLanguageOf(request: FastifyRequest): MessageLanguage {
  return preferredLanguage(request.headers['accept-language'], ['en', 'cs']) === 'cs' ? 'cs' : 'en';
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  424: 'Failed Dependency',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An answer other than success, with a message meant for a person. */
export class HttpError extends Error {
  /** The message in Czech, when it has been written. */
  readonly cs?: string;

  constructor(
    readonly statusCode: number,
    message: string | Localized,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(typeof message === 'string' ? message : message.en);
    if (typeof message !== 'string') this.cs = message.cs;
  }
}

export const badRequest = (message: string | Localized, errors?: FieldError[]) =>
  new HttpError(400, message, errors);
export const forbidden = (
  message: string | Localized = { en: 'You do not have the right to do this.', cs: CZECH_FORBIDDEN },
) => new HttpError(403, message);
export const notFound = (what = 'Resource') =>
  new HttpError(404, { en: `${what} was not found.`, cs: czechNotFound(what) });
export const conflict = (message: string | Localized) => new HttpError(409, message);

/** A 400 for one field's problem: the message is the request's and the field's, in each language it has. */
export const badField = (path: string, message: string | Localized) => {
  const { en, cs } = typeof message === 'string' ? { en: message, cs: undefined } : message;
  return badRequest(message, [{ path, message: en, cs }]);
};

const fieldPart = (error: FieldError, message: string) =>
  error.path ? `"${error.path}" ${message}` : message;

/** 'Invalid request: "name" must not be empty.', in English and, where every part has its Czech words, Czech. */
export function requestSummary(context: string, errors: FieldError[]): Localized {
  const parts = errors.map((error) => fieldPart(error, error.message));
  const where = context === 'body' ? '' : ` in ${context}`;
  const en = `Invalid request${where}: ${parts.join('; ')}.`;
  const czech = errors.every((error) => error.cs !== undefined);
  return {
    en,
    cs: czech
      ? czechRequestSummary(
          context,
          errors.map((error) => fieldPart(error, error.cs ?? '')),
        )
      : undefined,
  };
}

/**
 * PostgreSQL errors that a value sent by a client causes (a character or number it cannot store, a text that is not
 * of the column's type, a date out of its range, a value nested too deep). Validation refuses such values first, with
 * a message naming the field; this is the last line of defence, so that one missed case is a 400, not a 500.
 */
const INPUT_DATABASE_ERRORS = new Set([
  '22P05',
  '22021',
  '22003',
  '22P02',
  '22007',
  '22008',
  '22009',
  '2201B',
  '54001',
]);

export const INPUT_DATABASE_ERROR_MESSAGE =
  'A value of the request cannot be stored or compared: it is out of range or not valid.';

export function isInputDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && INPUT_DATABASE_ERRORS.has(code);
}

const INTERNAL_ERROR_MESSAGE = 'Internal error. If the error is repeated, please contact the administrator.';

function sendError(reply: FastifyReply, statusCode: number, message: string) {
  return reply.status(statusCode).send({ statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message });
}

/**
 * Fastify's own refusals before any route (a malformed percent-encoding, a path parameter above its length limit):
 * the API's one error shape too, without repeating the address.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 414, 'A part of the address is too long.');
  if (error.code === 'FST_ERR_BAD_URL')
    return sendError(reply, 400, 'The address is not valid: it has a malformed percent-encoding.');
  return sendError(reply, 500, INTERNAL_ERROR_MESSAGE);
}

/** What a failure answers: its status, the JSON body of the API's one error shape and extra headers. */
export interface ErrorAnswer {
  statusCode: number;
  body: { statusCode: number; error: string; message: string; errors?: FieldError[] };
  headers?: Record<string, string>;
}

const answerOf = (statusCode: number, message: string, errors?: FieldError[]): ErrorAnswer => ({
  statusCode,
  body: { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message, ...(errors ? { errors } : {}) },
});

/** The field errors as the API sends them, each message in the request's language. */
const fieldErrorsIn = (errors: FieldError[] | undefined, language: MessageLanguage) =>
  errors && problemsIn(errors, language);

const inLanguage = textIn;

/**
 * The answer to a failure, logged when it is the server's own: {statusCode, error, message, errors?}, never a
 * stack, never SQL. Public pages turn the same answer into a page for browsers.
 *
 * @example const { statusCode, body } = errorAnswer(error, request)
 */
export function errorAnswer(error: FastifyError | HttpError, request: FastifyRequest): ErrorAnswer {
  const language = messageLanguageOf(request);
  if (error instanceof HttpError) {
    const message = inLanguage({ en: error.message, cs: error.cs }, language);
    return {
      ...answerOf(error.statusCode, message, fieldErrorsIn(error.errors, language)),
      headers: error.headers,
    };
  }
  if (error.validation) {
    const errors = (error.validation as AjvError[]).map(describeAjvError);
    const summary = requestSummary(error.validationContext ?? 'body', errors);
    return answerOf(400, inLanguage(summary, language), fieldErrorsIn(errors, language));
  }
  // A unique index refused a write that the service's own check let through (two requests raced): 409, not 500.
  if (isUniqueViolation(error))
    return answerOf(
      409,
      inLanguage(
        {
          en: 'A record with the same unique value (such as an e-mail) already exists.',
          cs: 'Záznam se stejnou jedinečnou hodnotou (například e-mailem) už existuje.',
        },
        language,
      ),
    );
  if (isInputDatabaseError(error)) {
    request.log.warn({ err: error }, 'the database refused a value of the request');
    return answerOf(
      400,
      inLanguage(
        {
          en: INPUT_DATABASE_ERROR_MESSAGE,
          cs: 'Hodnotu požadavku nelze uložit ani porovnat: je mimo rozsah nebo není platná.',
        },
        language,
      ),
    );
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'request failed');
  const message =
    status === 500
      ? INTERNAL_ERROR_MESSAGE
      : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request body is too large.'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty; send a JSON object.'
          : error.message;
  return answerOf(status, message);
}

/** Sends the API's one error shape for a failure. */
export function sendErrorAnswer(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const answer = errorAnswer(error, request);
  if (answer.headers) reply.headers(answer.headers);
  return reply.status(answer.statusCode).send(answer.body);
}

/** One answer shape for every failure: {statusCode, error, message, errors?}. Never a stack, never SQL. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendErrorAnswer);
}
