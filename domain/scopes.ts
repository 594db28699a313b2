import { ALL_RIGHTS, RIGHT_BITS, Right, type RightName } from './rights';

/**
 * OAuth2 scope words for the rights of domain/rights.ts: a right's name in lower case, its first `_` a colon and
 * the others hyphens (`PASS_READ` → `pass:read`, `TICKET_ESHOP_READ` → `ticket:eshop-read`), and `pass:write` and
 * `template:write` for creating, updating and deleting them.
 */
export function scopeWordOf(name: RightName): string {
  return name.toLowerCase().replace('_', ':').replaceAll('_', '-');
}

const SHORTHANDS: Record<string, number> = {
  'pass:write': Right.PASS_CREATE | Right.PASS_UPDATE | Right.PASS_DELETE,
  'template:write': Right.TEMPLATE_CREATE | Right.TEMPLATE_UPDATE | Right.TEMPLATE_DELETE,
};

/** Every scope word and the rights it grants. */
export const SCOPE_WORDS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(RIGHT_BITS.map((bit) => [scopeWordOf(bit.name), bit.value])),
  ...SHORTHANDS,
};

/**
 * The rights mask of a scope (space-separated words), or the words no right is named by.
 *
 * @example scopeRights('pass:read pass:write') // { mask: 15 }
 */
export function scopeRights(scope: string): { mask: number } | { unknown: string[] } {
  const words = scope.split(' ').filter(Boolean);
  const unknown = words.filter((word) => !Object.hasOwn(SCOPE_WORDS, word));
  if (unknown.length > 0) return { unknown };
  return { mask: words.reduce((mask, word) => mask | SCOPE_WORDS[word], 0) & ALL_RIGHTS };
}
