import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { RE2JS } from 're2js';

/**
 * ajv-formats' `url` pattern backtracks between its user part (`\S+@`) and its path: a 320,000-character value
 * took 44 s. Its other patterns stay linear on JavaScript's engine (and run faster there than on RE2).
 *
 * RE2 has no lookahead, so its private-address exclusions (10/8, 127/8, 169.254/16, 192.168/16, 172.16/12),
 * written as lookaheads before the IPv4 branch, are spelled out as the public first octets instead.
 */
const PRIVATE_IPV4_BY_LOOKAHEAD = String.raw`(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))`;
const OCTET = String.raw`(?:1?\d{1,2}|2[0-4]\d|25[0-5])`;
const PUBLIC_FIRST_OCTET = String.raw`(?:[1-9]|1[1-9]|[2-9]\d|1[01]\d|12[0-689]|1[3-5]\d|16[0-8]|17[013-9]|18\d|19[013-9]|2[01]\d|22[0-3])`;
const PUBLIC_IPV4 =
  [
    String.raw`(?:${PUBLIC_FIRST_OCTET}(?:\.${OCTET}){2}`,
    String.raw`169\.(?:1?\d{1,2}|2[0-4]\d|25[0-35])\.${OCTET}`,
    String.raw`192\.(?:\d{1,2}|1[0-57-9]\d|16[0-79]|2[0-4]\d|25[0-5])\.${OCTET}`,
    String.raw`172\.(?:\d|0\d|1[0-5]|3[2-9]|[4-9]\d|1\d\d|2[0-4]\d|25[0-5])\.${OCTET})`,
  ].join('|') + String.raw`\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4])`;

let compiledUrl: { from: RegExp; test: (value: string) => boolean } | undefined;

function linearUrl(url: RegExp): (value: string) => boolean {
  if (compiledUrl?.from === url) return compiledUrl.test;
  if (!url.source.includes(PRIVATE_IPV4_BY_LOOKAHEAD))
    throw new Error('ajv-formats changed its url pattern: review domain/userSchemas/linearFormats.ts');
  const source = url.source.replace(PRIVATE_IPV4_BY_LOOKAHEAD, PUBLIC_IPV4);
  const compiled = RE2JS.compile(RE2JS.translateRegExp(new RegExp(source, url.flags)));
  compiledUrl = { from: url, test: (value) => compiled.test(value) };
  return compiledUrl.test;
}

/**
 * Replaces ajv-formats' formats that are not linear in time on an Ajv that already has them (a validator
 * library may have added them itself).
 *
 * @example withLinearFormats(ajv)
 */
export function withLinearFormats<T extends Ajv>(ajv: T): T {
  const url = ajv.formats.url;
  if (url instanceof RegExp) ajv.addFormat('url', linearUrl(url));
  return ajv;
}

/** ajv-formats' formats, each linear in time, for an Ajv that compiles user-supplied schemas. */
export function addLinearFormats<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  return withLinearFormats(ajv);
}
