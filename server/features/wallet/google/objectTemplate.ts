import { conflict } from '../../../kernel/http/errors';
import { OBJECT_STATES, WALLET_KINDS, isWalletKind, type WalletKind } from './objectKinds';

/** A template's Save to Google Pay object template, checked: one object of a known kind, maybe its class. */
export interface ObjectTemplate {
  kind: WalletKind;
  object: Record<string, unknown>;
  /** the class too, when the template describes it (then it is saved with the object) */
  walletClass: Record<string, unknown> | undefined;
}

const KNOWN_OBJECTS = WALLET_KINDS.map((kind) => `${kind}Object`).join(', ');

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(problem: string, czechProblem: string): never {
  throw conflict({
    en: `The template's Save to Google Pay object template is invalid: ${problem}`,
    cs: `Šablona objektu Save to Google Pay v šabloně není platná: ${czechProblem}`,
  });
}

function checkObject(key: string, object: unknown): Record<string, unknown> {
  if (!isJsonObject(object)) invalid(`"${key}" must be a JSON object.`, `"${key}" musí být objekt JSON.`);
  if (object.classId !== undefined && (typeof object.classId !== 'string' || object.classId.trim() === ''))
    invalid(
      `"${key}.classId" must be a text (or be left out: then it is {issuerId}.{templateId}).`,
      `"${key}.classId" musí být text (nebo chybět: pak je {issuerId}.{templateId}).`,
    );
  if (object.state !== undefined && !(OBJECT_STATES as readonly unknown[]).includes(object.state))
    invalid(
      `"${key}.state" must be one of ${OBJECT_STATES.join(', ')}.`,
      `"${key}.state" musí být jedno z ${OBJECT_STATES.join(', ')}.`,
    );
  return object;
}

/**
 * Checks a template's saveToGooglePayObjectTemplate; HttpError 409 with a message a person understands when
 * there is none or it is not usable.
 *
 * @example readObjectTemplate({ loyaltyObject: { state: 'ACTIVE' } }).kind // 'loyalty'
 */
export function readObjectTemplate(value: unknown): ObjectTemplate {
  if (value === null || value === undefined)
    throw conflict({
      en: "The pass's template has no Save to Google Pay object template.",
      cs: 'Šablona pasu nemá šablonu objektu Save to Google Pay.',
    });
  if (!isJsonObject(value))
    invalid(
      'it must be a JSON object such as { "loyaltyObject": { ... } }.',
      'musí být objekt JSON, například { "loyaltyObject": { ... } }.',
    );
  const objectKeys = Object.keys(value).filter((key) => key.endsWith('Object'));
  if (objectKeys.length !== 1)
    invalid(
      `it must hold exactly one object of a known kind (${KNOWN_OBJECTS}), as in { "loyaltyObject": { ... } }.`,
      `musí obsahovat právě jeden objekt známého druhu (${KNOWN_OBJECTS}), například { "loyaltyObject": { ... } }.`,
    );
  const [objectKey] = objectKeys;
  const kind = objectKey.slice(0, -'Object'.length);
  if (!isWalletKind(kind))
    invalid(
      `"${objectKey}" is not a known object kind (${KNOWN_OBJECTS}).`,
      `"${objectKey}" není známý druh objektu (${KNOWN_OBJECTS}).`,
    );
  const classKey = `${kind}Class`;
  const others = Object.keys(value).filter((key) => key !== objectKey && key !== classKey);
  if (others.length)
    invalid(
      `"${others[0]}" is not expected next to "${objectKey}" (only "${classKey}" is).`,
      `"${others[0]}" vedle "${objectKey}" nepatří (patří tam jen "${classKey}").`,
    );
  const walletClass = value[classKey];
  if (walletClass !== undefined && !isJsonObject(walletClass))
    invalid(`"${classKey}" must be a JSON object.`, `"${classKey}" musí být objekt JSON.`);
  return { kind, object: checkObject(objectKey, value[objectKey]), walletClass };
}
