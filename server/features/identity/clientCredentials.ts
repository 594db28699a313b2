export interface ClientCredentials {
  id: string;
  /** '' for a public client, which has no secret */
  secret: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function formDecoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function fromBasicHeader(encoded: string): ClientCredentials | 'malformed' {
  if (!BASE64.test(encoded)) return 'malformed';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return 'malformed';
  // RFC 6749 2.3.1 form-encodes both parts before Basic encoding; Yourpass's JS client does not, which reads the same
  // for the characters client ids and secrets are made of.
  const id = formDecoded(decoded.slice(0, colon));
  const secret = formDecoded(decoded.slice(colon + 1));
  return id === undefined || secret === undefined ? 'malformed' : { id, secret };
}

/**
 * The client's id and secret: from HTTP Basic authentication (`Basic base64(id:secret)`), else from the form's
 * `client_id` and `client_secret` (a public client may send its id alone). 'malformed' for a Basic header that
 * cannot be read, undefined when the request names no client.
 */
export function readClientCredentials(
  authorization: string | undefined,
  form: Record<string, unknown>,
): ClientCredentials | 'malformed' | undefined {
  const [scheme, encoded, ...rest] = (authorization ?? '').trim().split(/\s+/);
  if (scheme.toLowerCase() === 'basic')
    return encoded && rest.length === 0 ? fromBasicHeader(encoded) : 'malformed';
  const { client_id: id, client_secret: secret = '' } = form;
  if (typeof id === 'string' && id !== '') return typeof secret === 'string' ? { id, secret } : 'malformed';
  return undefined;
}
