import { types } from 'node:util';

/**
 * Names whose values are secrets wherever they appear: query parameters, form fields, JSON keys and the keys of
 * logged objects. Compared without case, '_' or '-' (`client_secret`, `clientSecret` and `Client-Secret` are one).
 */
export const SECRET_NAMES = [
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'statusToken',
  'authenticationToken',
  'pushToken',
  'password',
  'currentPassword',
  'newPassword',
  'oldPassword',
  'secret',
  'clientSecret',
  'clientAssertion',
  'assertion',
  'jwt',
  'signature',
  'sig',
  'key',
  'apiKey',
  'privateKey',
  'authorization',
  'proxyAuthorization',
  'cookie',
  'setCookie',
] as const;

/**
 * Path segments that are secrets themselves: whoever knows them may act (the simulated bank's payment id decides a
 * payment; a device library identifier lists the device's passes without authentication; an APNs push token).
 */
const SECRET_PATH_SEGMENTS = /(\/(?:simulated-bank|devices?)\/)[^/?#\s"'<>]+/g;

export const REDACTED = '[redacted]';

const normalized = (name: string) => name.replace(/[-_]/g, '').toLowerCase();
const secretNames = new Set(SECRET_NAMES.map(normalized));

function decoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** @example isSecretName('client_secret') // true */
export const isSecretName = (name: string): boolean => secretNames.has(normalized(decoded(name)));

/** `name=value` in a query string, a form body or free text */
const NAME_VALUE = /(^|[?&;\s])([^=&;#\s?"'<>]{1,64})=([^&;#\s"'<>]*)/g;
/** `"name": "value"` in JSON text */
const JSON_FIELD = /("((?:[^"\\]|\\.){1,64})"\s*:\s*)"(?:[^"\\]|\\.)*"/g;
/** the credentials of an Authorization header: Bearer (access tokens), Basic (client secrets), ApplePass */
const AUTHORIZATION = /\b(Bearer|Basic|ApplePass)\s+[A-Za-z0-9._~+/=-]+/gi;
// The two below start only where a run of their characters starts (the lookbehinds): a match tried at every
// character of a long run would take quadratic time, and log text comes partly from requests.
/** user and password of an address (SMTP_URL, DATABASE_URL) */
const URL_CREDENTIALS = /((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;
/** any JSON Web Token: access tokens, signed links such as Save to Google Wallet */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
/** a PEM private key (a Google service account key, a certificate's key), whole or cut off */
const PRIVATE_KEY = /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?(?:-----END \1PRIVATE KEY-----|$)/g;

/**
 * A text without the secrets it may hold: values of secret names (SECRET_NAMES) in query strings, forms and JSON,
 * Authorization credentials, passwords in addresses, JSON Web Tokens, private keys and secret path segments.
 *
 * @example redactText('GET /order/1?token=abc&tag=x') // 'GET /order/1?token=[redacted]&tag=x'
 */
export function redactText(text: string): string {
  return text
    .replace(PRIVATE_KEY, `${REDACTED} private key`)
    .replace(JWT, REDACTED)
    .replace(AUTHORIZATION, `$1 ${REDACTED}`)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(NAME_VALUE, (whole, before: string, name: string) =>
      isSecretName(name) ? `${before}${name}=${REDACTED}` : whole,
    )
    .replace(JSON_FIELD, (whole, prefix: string, name: string) =>
      isSecretName(name) ? `${prefix}"${REDACTED}"` : whole,
    )
    .replace(SECRET_PATH_SEGMENTS, `$1${REDACTED}`);
}

const MAX_DEPTH = 6;

/** Errors of another realm (Node's own, seen from a vm context such as jest's) fail `instanceof Error`. */
export const isError = (value: unknown): value is Error =>
  value instanceof Error || types.isNativeError(value);

/**
 * A copy of a value fit for a log line: values under secret names replaced, every string passed through
 * redactText, errors written as pino writes them (their fields, type, message, stack, cause); deep or circular
 * parts cut.
 *
 * @example redactValue({ email: 'a@b.c', password: 'x' }) // { email: 'a@b.c', password: '[redacted]' }
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH || seen.has(value)) return '[cut]';
  seen.add(value);
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  const fields: Record<string, unknown> = isError(value)
    ? { ...value, type: value.name, message: value.message, stack: value.stack, cause: value.cause }
    : { ...value };
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(fields)) {
    if (item === undefined) continue;
    copy[name] = isSecretName(name) && item !== null ? REDACTED : redactValue(item, depth + 1, seen);
  }
  return copy;
}
