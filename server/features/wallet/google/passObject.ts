import crypto from 'node:crypto';
import type { PassRow, TemplateRow } from '../../../kernel/db/tables';
import { conflict } from '../../../kernel/http/errors';
import { passContent } from '../../passes';
import { eventTicketParts, firstAppleBarcode, type ResolvedPass } from './eventTicket';
import type { WalletKind, WalletResource } from './objectKinds';
import { readObjectTemplate } from './objectTemplate';
import { fillPlaceholders, valueAtPath } from './placeholders';
import { rotatingBarcode, rotationOf, type RotatingKeys } from './rotatingBarcode';
import { hasOwnObjectTemplate, isEventTicketTemplate } from './templateOffer';

/** A pass as Google Wallet receives it: its object, and its class when the template describes one. */
export interface PassWalletObject {
  kind: WalletKind;
  object: WalletResource;
  walletClass: WalletResource | undefined;
  /** the class is made of the pass's data (an event ticket built from semantics): saved with each of its objects */
  classPerPass: boolean;
}

/** What building an object needs from the server besides the template and the pass. */
export interface ObjectBuilding {
  /** the TOTP key of a pass's rotating barcode */
  rotatingKey: RotatingKeys;
  /** the public address of an image that Google may fetch; undefined when it has none Google can reach */
  imageLink(imageId: string): string | undefined;
}

/** Google's ids are `{issuerId}.{suffix}`; a suffix alone gets the issuer's prefix. */
export const qualifiedId = (issuerId: string, id: string) => (id.includes('.') ? id : `${issuerId}.${id}`);

/** The one place a class is finished: its body with its id. */
export function walletClassOf(body: Record<string, unknown>, id: string): WalletResource {
  return { ...body, id };
}

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

interface BuiltParts {
  object: Record<string, unknown>;
  classId: string;
  walletClass: WalletResource | undefined;
  kind: WalletKind;
  classPerPass: boolean;
}

/** From the template's own Save to Google Pay object template, its placeholders filled. */
function fromObjectTemplate(template: TemplateRow, pass: PassRow, issuerId: string): BuiltParts {
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
  return {
    kind: objectTemplate.kind,
    object,
    classId,
    walletClass: filledClass ? walletClassOf(filledClass, classId) : undefined,
    classPerPass: false,
  };
}

/** The pass as Apple shows it; HttpError 409 when it cannot be resolved (a placeholder without value or fallback). */
function resolvedPass(template: TemplateRow, pass: PassRow): ResolvedPass {
  const resolved = passContent(template, pass);
  const { errors } = resolved.contentIn(resolved.languages[0]);
  if (errors.length)
    throw conflict({
      en: `The pass cannot be shown in Google Wallet: ${errors.map((problem) => `${problem.path}: ${problem.message}`).join('; ')}`,
      cs: `Pas nelze zobrazit v Google Wallet: ${errors.map((problem) => `${problem.path}: ${problem.cs ?? problem.message}`).join('; ')}`,
    });
  return resolved;
}

/**
 * An event ticket built from the template's semantics: one class per event (its id `{templateId}-{digest of the
 * class}`), since the event's name, venue and dates may come from each pass's data.
 */
function fromSemantics(
  template: TemplateRow,
  pass: PassRow,
  issuerId: string,
  resolved: ResolvedPass,
  building: ObjectBuilding,
): BuiltParts {
  const { classBody, objectBody } = eventTicketParts(resolved, building.imageLink);
  if (!classBody.issuerName) classBody.issuerName = template.name;
  const digest = crypto.createHash('sha256').update(JSON.stringify(classBody)).digest('hex').slice(0, 16);
  const classId = qualifiedId(issuerId, `${template.id}-${digest}`);
  return {
    kind: 'eventTicket',
    object: objectBody,
    classId,
    walletClass: walletClassOf(classBody, classId),
    classPerPass: true,
  };
}

/** The code a rotating barcode carries before its time-based part: the object's barcode, else the Apple pass's. */
function ticketCodeOf(object: Record<string, unknown>, resolved: () => ResolvedPass): string {
  const own = valueAtPath(object, 'barcode.value');
  const main = () => resolved().contentIn(resolved().languages[0]).passJson;
  const code =
    typeof own === 'string' || typeof own === 'number' ? String(own) : firstAppleBarcode(main())?.message;
  if (code === undefined || code.trim() === '')
    throw conflict({
      en: 'The template rotates its Google Wallet barcode, but the pass has no barcode to rotate: give the template a barcode.',
      cs: 'Šablona má v Google Wallet rotující čárový kód, ale pas nemá žádný čárový kód: přidejte šabloně čárový kód.',
    });
  if (/[{}]/.test(code))
    throw conflict({
      en: 'A rotating barcode cannot carry "{" or "}" (Google Wallet reads them as substitutions): change the barcode message.',
      cs: 'Rotující čárový kód nemůže obsahovat "{" ani "}" (Google Wallet je čte jako náhrady): změňte zprávu čárového kódu.',
    });
  return code;
}

/**
 * The Google Wallet object of a pass: from its template's own Save to Google Pay object template (placeholders
 * filled from the pass's dynamic data, `#{passId}`, `#{templateId}` and `#{projectId}` too; classId
 * `{issuerId}.{templateId}` unless the template names one), else, for an event ticket template, an event ticket
 * built from the same resolved semantics as its Apple pass (eventTicket.ts). Id `{issuerId}.{passId}`, voided →
 * INACTIVE, past expiration → EXPIRED, expirationDate → validTimeInterval.end; with the template's rotating barcode
 * (googleWallet.rotatingBarcode) the barcode becomes a rotatingBarcode. HttpError 409 when the template is unusable
 * or a value is missing.
 *
 * @example passWalletObject(template, pass, '3388000000012345678', building).object.id // '3388000000012345678.{passId}'
 */
export function passWalletObject(
  template: TemplateRow,
  pass: PassRow,
  issuerId: string,
  building: ObjectBuilding,
  now = new Date(),
): PassWalletObject {
  let resolved: ResolvedPass | undefined;
  const resolve = () => (resolved ??= resolvedPass(template, pass));
  const built =
    hasOwnObjectTemplate(template) || !isEventTicketTemplate(template)
      ? fromObjectTemplate(template, pass, issuerId)
      : fromSemantics(template, pass, issuerId, resolve(), building);
  const walletObject: WalletResource = {
    ...built.object,
    id: `${issuerId}.${pass.id}`,
    classId: built.classId,
    state: stateOf(pass, built.object.state, now),
  };
  if (pass.expirationDate)
    walletObject.validTimeInterval = withEnd(built.object.validTimeInterval, pass.expirationDate);
  const rotation = rotationOf(template.googleWallet);
  if (rotation) {
    walletObject.rotatingBarcode = rotatingBarcode(
      ticketCodeOf(walletObject, resolve),
      building.rotatingKey(pass.id),
      rotation,
    );
    delete walletObject.barcode;
  }
  return {
    kind: built.kind,
    object: walletObject,
    walletClass: built.walletClass,
    classPerPass: built.classPerPass,
  };
}
