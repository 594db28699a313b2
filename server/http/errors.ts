import type { FastifyError, FastifyInstance } from 'fastify';
import { describeAjvError, type AjvError } from './validation';

export interface FieldError {
  path: string;
  message: string;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An answer other than success, with a message meant for a person. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const forbidden = (message = 'You do not have the right to do this.') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} was not found.`);
export const conflict = (message: string) => new HttpError(409, message);

function summary(context: string, errors: FieldError[]): string {
  const parts = errors.map((error) => (error.path ? `"${error.path}" ${error.message}` : error.message));
  const where = context === 'body' ? '' : ` in ${context}`;
  return `Invalid request${where}: ${parts.join('; ')}.`;
}

/** One answer shape for every failure: {statusCode, error, message, errors?}. Never a stack, never SQL. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: STATUS_NAMES[error.statusCode] ?? 'Error',
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (error.validation) {
      const errors = (error.validation as AjvError[]).map(describeAjvError);
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: summary(error.validationContext ?? 'body', errors),
        errors,
      });
    }
    // A unique index refused a write that the service's own check let through (two requests raced): 409, not 500.
    if ((error as { code?: unknown }).code === '23505') {
      return reply.status(409).send({
        statusCode: 409,
        error: STATUS_NAMES[409],
        message: 'A record with the same unique value (such as an e-mail) already exists.',
      });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const message =
      status === 500
        ? 'Internal error. If the error is repeated, please contact the administrator.'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object.'
            : error.message;
    return reply
      .status(status)
      .send({ statusCode: status, error: STATUS_NAMES[status] ?? 'Error', message });
  });
}
