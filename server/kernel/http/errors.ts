import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredLanguage } from './requestDetails';
import { problemsIn, textIn, type Localized, type Problem } from '../../../domain/problem';
import { CZECH_FORBIDDEN, czechNotFound, czechRequestSummary } from './czechMessages';
import { describeAjvErrors, type AjvError } from './ajvErrors';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';

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
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  424: 'Failed Dependency',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
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

/** How long a client waits before it asks again while the database is out of reach (a restart takes seconds). */
export const DATABASE_UNAVAILABLE_RETRY_SECONDS = 5;

const DATABASE_UNAVAILABLE: Localized = {
  en: 'The database cannot be reached at the moment (it may be restarting). Try again in a few seconds.',
  cs: 'Databáze je teď nedostupná (možná se restartuje). Zkuste to znovu za několik sekund.',
};

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

/**
 * Did node's parser refuse the address of the request line, for raw bytes in it (a letter such as Ž, a tab) or a
 * space (the line then has more than three parts, `GET /v1/pass?where={"a": 1} HTTP/1.1`)?
 */
function isUnencodedAddress(error: Error & { code?: string; rawPacket?: unknown }): boolean {
  if (error.code === 'HPE_INVALID_URL') return true;
  if (error.code !== 'HPE_INVALID_CONSTANT' || !Buffer.isBuffer(error.rawPacket)) return false;
  const requestLine = error.rawPacket.subarray(0, 8192).toString('latin1').split('\r\n')[0];
  return /^[A-Z]+ \S+ .* HTTP\/\d/.test(requestLine);
}

export const UNENCODED_URL_MESSAGE =
  'The address has characters that must be percent-encoded (encodeURIComponent).';

/**
 * Node's refusals of what is not valid HTTP, before Fastify sees a request (so no language can be asked): the API's
 * one error shape instead of Fastify's "Client Error", written on the socket, which then closes. An address with
 * raw characters (`?where={"name":"Žluť"}` or a space, sent unencoded) says to percent-encode it.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : isUnencodedAddress(error)
          ? [400, UNENCODED_URL_MESSAGE]
          : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_NAMES[statusCode] ?? 'Error'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}

const NO_BODY: Localized = {
  en: 'The request has no body; send a JSON object.',
  cs: 'Požadavek nemá tělo; pošlete objekt JSON.',
};
const NO_LIST_BODY: Localized = {
  en: 'The request has no body; send a JSON array.',
  cs: 'Požadavek nemá tělo; pošlete pole JSON.',
};

/** "The body is larger than the limit of 1 MiB.", the limit being the route's (BODY_LIMIT_BYTES by default). */
function tooLarge(limitBytes: number): Localized {
  return {
    en: `The body is larger than the limit of ${byteSize(limitBytes, 'en')}.`,
    cs: `Tělo požadavku je větší než limit ${byteSize(limitBytes, 'cs')}.`,
  };
}

/**
 * A size in bytes as a person reads it, in binary units.
 *
 * @example byteSize(1048576, 'en') // '1 MiB'; byteSize(1572864, 'cs') // '1,5 MiB'
 */
export function byteSize(bytes: number, language: MessageLanguage): string {
  const [amount, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), 'MiB']
      : bytes >= 1024
        ? [bytes / 1024, 'KiB']
        : [bytes, language === 'cs' ? 'B' : 'bytes'];
  const rounded = String(Math.round(amount * 10) / 10);
  return `${language === 'cs' ? rounded.replace('.', ',') : rounded} ${unit}`;
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
  if (error.validation && error.validationContext === 'body' && request.body === undefined) {
    const wantsList = (error.validation as AjvError[]).some((problem) => problem.params.type === 'array');
    return answerOf(400, inLanguage(wantsList ? NO_LIST_BODY : NO_BODY, language));
  }
  if (error.validation) {
    const errors = describeAjvErrors(error.validation as AjvError[]);
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
  // PostgreSQL restarting or refusing connections: a passing state, not the server's failure
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'the database cannot be reached');
    return {
      ...answerOf(503, inLanguage(DATABASE_UNAVAILABLE, language)),
      headers: { 'retry-after': String(DATABASE_UNAVAILABLE_RETRY_SECONDS) },
    };
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'request failed');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return answerOf(413, inLanguage(tooLarge(request.routeOptions.bodyLimit), language));
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return answerOf(400, inLanguage(NO_BODY, language));
  return answerOf(status, status === 500 ? INTERNAL_ERROR_MESSAGE : error.message);
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
