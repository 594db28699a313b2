/** The Google Wallet pass kinds a Save to Google Pay object template may describe. */
export const WALLET_KINDS = [
  'generic',
  'loyalty',
  'offer',
  'eventTicket',
  'flight',
  'transit',
  'giftCard',
] as const;

/** e.g. `loyalty`: its object is a `loyaltyObject`, its class a `loyaltyClass`. */
export type WalletKind = (typeof WALLET_KINDS)[number];

/** A Google Wallet object or class as JSON (Google's REST resources and the JWT payload take the same shape). */
export type WalletResource = Record<string, unknown> & { id: string };

/** States a Google Wallet object may have. */
export const OBJECT_STATES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE'] as const;

export const isWalletKind = (value: string): value is WalletKind =>
  (WALLET_KINDS as readonly string[]).includes(value);

/** @example objectsKey('loyalty') // 'loyaltyObjects' (the JWT payload's list) */
export const objectsKey = (kind: WalletKind) => `${kind}Objects`;

/** @example classesKey('loyalty') // 'loyaltyClasses' */
export const classesKey = (kind: WalletKind) => `${kind}Classes`;
