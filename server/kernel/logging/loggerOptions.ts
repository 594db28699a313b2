import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { isError, redactText, redactValue } from './redact';

/**
 * What a request line says: method, address without its secrets, host and client. Headers are never written:
 * they carry the credentials (Authorization: Bearer, Basic, ApplePass; cookies).
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactText(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** What pino writes under `err`: an error with its fields, type, message, stack and cause; without secrets. */
function errorForLog(error: unknown): LoggedError {
  if (isError(error)) return redactValue(error) as LoggedError;
  // pino hands over whatever a line put under `err`, Error or not
  const message = typeof error === 'string' ? redactText(error) : JSON.stringify(redactValue(error));
  return { type: typeof error, message: message ?? String(error), stack: '' };
}

/**
 * The server's log, in which no line holds a secret (see SECRET_NAMES in ./redact): request addresses, messages,
 * errors (messages and stacks too) and any other object a line carries pass through the redaction. `stream`
 * replaces standard output (a test reads every line).
 *
 * @example Fastify({ logger: loggerOptions('info') })
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: requestForLog,
      err: errorForLog,
      msg: (message: unknown) => redactValue(message),
    },
    formatters: {
      // req, res and err have their serializers above; everything else a line carries is redacted here
      log: ({ req, res, err, ...rest }: Record<string, unknown>) => ({
        ...(redactValue(rest) as Record<string, unknown>),
        req,
        res,
        err,
      }),
    },
  };
}
