import type { PassRow, TemplateRow } from '../../../kernel/db/tables';
import { conflict } from '../../../kernel/http/errors';
import type { WalletKind, WalletResource } from './objectKinds';
import { readObjectTemplate } from './objectTemplate';
import { fillPlaceholders, valueAtPath } from './placeholders';

/** A pass as Google Wallet receives it: its object, and its class when the template describes one. */
export interface PassWalletObject {
  kind: WalletKind;
  object: WalletResource;
  walletClass: WalletResource | undefined;
}

/** Google's ids are `{issuerId}.{suffix}`; a suffix alone gets the issuer's prefix. */
export const qualifiedId = (issuerId: string, id: string) => (id.includes('.') ? id : `${issuerId}.${id}`);

/** The `default` the template's dynamic data schema gives a (dotted) property, if any. */
function schemaDefault(schema: unknown, path: string): unknown {
  let node = schema;
  for (const part of path.split('.')) node = valueAtPath(node, `properties.${part}`);
  return valueAtPath(node, 'default');
}

function stateOf(pass: PassRow, templateState: unknown, now: Date): string {
  if (pass.voided) return 'INACTIVE';
  if (pass.expirationDate && pass.expirationDate.getTime() <= now.getTime()) return 'EXPIRED';
  return typeof templateState === 'string' ? templateState : 'ACTIVE';
}

function withEnd(interval: unknown, end: Date): Record<string, unknown> {
  const base = typeof interval === 'object' && interval !== null ? (interval as Record<string, unknown>) : {};
  return { ...base, end: { date: end.toISOString() } };
}

/**
 * The Google Wallet object of a pass, from its template's Save to Google Pay object template: placeholders filled
 * from the pass's dynamic data (`#{passId}`, `#{templateId}` and `#{projectId}` too), id `{issuerId}.{passId}`,
 * classId `{issuerId}.{templateId}` unless the template names one, voided → INACTIVE, past expiration → EXPIRED,
 * expirationDate → validTimeInterval.end. HttpError 409 when the template is unusable or a value is missing.
 *
 * @example passWalletObject(template, pass, '3388000000012345678').object.id // '3388000000012345678.{passId}'
 */
export function passWalletObject(
  template: TemplateRow,
  pass: PassRow,
  issuerId: string,
  now = new Date(),
): PassWalletObject {
  const objectTemplate = readObjectTemplate(template.saveToGooglePayObjectTemplate);
  const shortCodes: Record<string, string> = {
    passId: pass.id,
    templateId: template.id,
    projectId: pass.projectId,
  };
  const values = (name: string) =>
    shortCodes[name] ??
    valueAtPath(pass.dynamicData, name) ??
    schemaDefault(template.dynamicDataJsonSchema, name);
  const missing = new Set<string>();
  const object = fillPlaceholders(objectTemplate.object, values, missing) as Record<string, unknown>;
  const filledClass = objectTemplate.walletClass
    ? (fillPlaceholders(objectTemplate.walletClass, values, missing) as Record<string, unknown>)
    : undefined;
  if (missing.size)
    throw conflict({
      en:
        `The Save to Google Pay object template uses ${[...missing].map((name) => `#{${name}}`).join(', ')}, ` +
        'which the pass has no value for (and its dynamic data schema no default).',
      cs:
        `Šablona objektu Save to Google Pay používá ${[...missing].map((name) => `#{${name}}`).join(', ')}, ` +
        'pro které pas nemá hodnotu (a schéma jeho dynamických dat ani výchozí).',
    });
  const classId = qualifiedId(issuerId, String(object.classId ?? filledClass?.id ?? template.id));
  const walletObject: WalletResource = {
    ...object,
    id: `${issuerId}.${pass.id}`,
    classId,
    state: stateOf(pass, object.state, now),
  };
  if (pass.expirationDate)
    walletObject.validTimeInterval = withEnd(object.validTimeInterval, pass.expirationDate);
  return {
    kind: objectTemplate.kind,
    object: walletObject,
    walletClass: filledClass ? { ...filledClass, id: classId } : undefined,
  };
}
