import crypto from 'node:crypto';
import type { StampCardRow } from '../../kernel/db/tables';

const DAY = 24 * 60 * 60 * 1000;

/** What a reward pass is issued with. */
export interface RewardPass {
  dynamicData: Record<string, unknown>;
  /** when the card gives its rewards a validity: the end of it, after which the wallet shows the pass expired */
  expirationDate: Date | null;
}

type Properties = Record<string, { type?: unknown } | undefined>;

const propertiesOf = (schema: unknown): Properties =>
  (schema as { properties?: Properties } | null)?.properties ?? {};

/** Does the schema declare the field as a text (no type said, or string among its types)? */
function declaresText(properties: Properties, field: string): boolean {
  const declared = properties[field];
  if (!declared || typeof declared !== 'object') return false;
  const types = Array.isArray(declared.type) ? declared.type : [declared.type];
  return declared.type === undefined || types.includes('string');
}

/**
 * A random code for a reward's barcode, as hard to guess as a ticket's: 16 random bytes, base64url.
 *
 * @example rewardCode() // 'q0Zk3…' (22 characters)
 */
export const rewardCode = (): string => crypto.randomBytes(16).toString('base64url');

/**
 * The pass of a reward: the holder's data that the reward's template declares (a name, say), without the card's
 * count, and the reward's own fields where the template declares them as texts, as the holder's name is copied:
 * `rewardCode` (a code of its own for the coupon's barcode, instead of the template's one code for everybody),
 * `validFrom` (the issue) and, when the card gives rewards `rewardValidDays`, `validTo`, which is also the pass's
 * expirationDate.
 *
 * @example rewardPassOf(card, pass.dynamicData, template.dynamicDataJsonSchema, new Date())
 */
export function rewardPassOf(
  card: Pick<StampCardRow, 'countField' | 'rewardValidDays'>,
  holderData: unknown,
  rewardSchema: unknown,
  issuedAt: Date,
): RewardPass {
  const declared = propertiesOf(rewardSchema);
  const holder =
    typeof holderData === 'object' && holderData !== null && !Array.isArray(holderData)
      ? Object.entries(holderData).filter(([key]) => key !== card.countField && key in declared)
      : [];
  const expirationDate = card.rewardValidDays
    ? new Date(issuedAt.getTime() + card.rewardValidDays * DAY)
    : null;
  const own: Record<string, string | undefined> = {
    rewardCode: rewardCode(),
    validFrom: issuedAt.toISOString(),
    validTo: expirationDate?.toISOString(),
  };
  const rewardFields = Object.entries(own).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && declaresText(declared, entry[0]),
  );
  return { dynamicData: Object.fromEntries([...holder, ...rewardFields]), expirationDate };
}
