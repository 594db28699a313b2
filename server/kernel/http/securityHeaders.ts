import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';

/** The headers of one kind of answer. */
export type HeaderSet = Readonly<Record<string, string>>;

/** The security headers of the whole server: every policy is written here, and nowhere else. */
export interface SecurityHeaders {
  /** the console: index.html (every console route) and its built assets */
  console: HeaderSet;
  /** the interactive API reference under /api/docs (swagger-ui) */
  docsPolicy: string;
  /** every other answer (APIs, pass files, wallet service), unless its route set its own (public pages) */
  answers: HeaderSet;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A source for a CSP directive from an absolute address an operator configured; none for relative ones. */
function sourceOf(address: string): string | undefined {
  // a tile address may hold placeholders in its host ({s}.tile.example.org): any subdomain
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(address.replace(/\{[a-z]+\}\./gi, '*.'))?.[1];
  return origin && /^https?:\/\/(\*\.)?[\w.-]+(:\d+)?$/i.test(origin) ? origin.toLowerCase() : undefined;
}

const sourcesOf = (addresses: string[]) => [
  ...new Set(addresses.map(sourceOf).filter((source): source is string => source !== undefined)),
];

const policy = (directives: Array<[string, ...string[]]>) =>
  directives.map((directive) => directive.join(' ')).join('; ');

/**
 * The console's policy. Scripts only from this server and never inline (the built index.html has none). Two
 * allowances, for what the console's libraries do: 'unsafe-eval', since ajv compiles JSON schemas into functions
 * (the template designer's rules, a template's dynamic data form); 'unsafe-inline' styles, since MUI's emotion
 * writes style tags at run time. Images from anywhere over https (Gravatar, map tiles), data: and blob: (previews of
 * files being uploaded); calls only to this server and the API and distribution bases it was given.
 */
function consolePolicy(config: ServerConfig): string {
  const apis = sourcesOf([config.coreApiBase, config.ticketApiBase, config.passBase]);
  return policy([
    ["default-src 'self'"],
    ["script-src 'self'", "'unsafe-eval'"],
    ["style-src 'self'", "'unsafe-inline'"],
    ["img-src 'self'", 'data:', 'blob:', 'https:', ...sourcesOf([config.mapTileUrl]), ...apis],
    ["font-src 'self'", 'data:'],
    ["connect-src 'self'", ...apis],
    ["object-src 'none'"],
    ["base-uri 'none'"],
    ["form-action 'self'"],
    ["frame-ancestors 'none'"],
  ]);
}

/** swagger-ui's page loads its scripts and styles from /api/docs/static, and calls the API on this server. */
const DOCS_POLICY = policy([
  ["default-src 'self'"],
  ["script-src 'self'"],
  ["style-src 'self'", "'unsafe-inline'"],
  ["img-src 'self'", 'data:'],
  ["object-src 'none'"],
  ["base-uri 'none'"],
  ["form-action 'self'"],
  ["frame-ancestors 'none'"],
]);

/**
 * Every policy of the server, from its configuration: CSP, framing, referrer, and HSTS when PUBLIC_URL is https.
 *
 * @example const headers = securityHeadersOf(loadConfig()); reply.headers(headers.console)
 */
export function securityHeadersOf(config: ServerConfig): SecurityHeaders {
  const everywhere: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  if (new URL(config.publicUrl).protocol === 'https:')
    everywhere['strict-transport-security'] = `max-age=${ONE_YEAR_SECONDS}`;
  return {
    console: {
      ...everywhere,
      'content-security-policy': consolePolicy(config),
      // the map's tile servers (OpenStreetMap's among them) want to know which site shows their tiles
      'referrer-policy': 'strict-origin-when-cross-origin',
    },
    docsPolicy: DOCS_POLICY,
    answers: {
      ...everywhere,
      'content-security-policy': "frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
  };
}

/** Sets each header the route has not set itself: public pages keep their own Content-Security-Policy. */
export function setMissingHeaders(reply: FastifyReply, headers: HeaderSet): void {
  for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
}

/** Gives every answer the security headers its route did not set (the console sets its own set first). */
export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onSend', async (_request, reply) => {
    setMissingHeaders(reply, headers.answers);
  });
}
