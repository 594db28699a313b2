import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from './common';

/** The most stamps one call gives when STAMP_MAX_COUNT does not say otherwise. */
export const DEFAULT_STAMP_MAX_COUNT = 10;

/** A scanned or typed code: the pass's barcode message, its id, or its link (…/p/{id}). */
const Code = Type.String({
  minLength: 1,
  maxLength: 500,
  description: "the pass's barcode message, id or link",
});

/** Which pass: its id, or a code read from it (exactly one of them). */
const passChoice = {
  passId: Type.Optional(Uuid({ description: 'the pass (or send code)' })),
  code: Type.Optional(Code),
};
export const PassChoiceSchema = Type.Object(passChoice, { additionalProperties: false });
export type PassChoice = Static<typeof PassChoiceSchema>;

/**
 * The body of a stamp: the pass (passId or code) and how many stamps, from 1 to the server's maximum.
 *
 * @example stampRequestSchema(10) // { passId | code, count?: 1..10 }
 */
export const stampRequestSchema = (maxCount: number) =>
  Type.Object(
    {
      ...passChoice,
      count: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: maxCount,
          default: 1,
          description: `stamps to add, 1 to ${maxCount}`,
        }),
      ),
    },
    { additionalProperties: false },
  );
export type StampRequest = PassChoice & { count?: number };

/** What the till shows of a card (a pass of the stamp card's template). */
export const StampedPassSchema = Type.Object({
  passId: Uuid(),
  /** the holder's name from the pass's dynamic data (its fields named *name*), or null */
  holder: Nullable(Type.String()),
  stamps: Type.Integer({ description: 'the count now' }),
  stampsForReward: Type.Integer(),
  remaining: Type.Integer({ description: 'stamps still needed for the next reward' }),
  /** the newest stamp not undone, which undo would take back */
  lastStampAt: Nullable(DateTime()),
});
export type StampedPass = Static<typeof StampedPassSchema>;

export const StampAnswerSchema = Type.Object({
  ...StampedPassSchema.properties,
  /** the count reached the reward: it started again with the surplus */
  rewarded: Type.Boolean(),
  /** the reward's pass (a pass of the card's reward template), when the card has one */
  rewardPassId: Type.Optional(Uuid()),
  stampId: Uuid(),
});
export type StampAnswer = Static<typeof StampAnswerSchema>;

export const UndoAnswerSchema = Type.Object({
  ...StampedPassSchema.properties,
  /** the stamp taken back */
  stampId: Uuid(),
  /** the reward pass that stamp issued, now voided */
  voidedRewardPassId: Type.Optional(Uuid()),
});
export type UndoAnswer = Static<typeof UndoAnswerSchema>;

/** One stamp given at the till, as the card's list of stamps shows it. */
export const StampSchema = Type.Object({
  id: Uuid(),
  at: DateTime(),
  stampCardId: Uuid(),
  passId: Uuid(),
  count: Type.Integer(),
  stampsBefore: Type.Integer(),
  stampsAfter: Type.Integer(),
  rewarded: Type.Boolean(),
  rewardPassId: Nullable(Uuid()),
  userId: Nullable(Uuid()),
  userName: Nullable(Type.String()),
  undoneAt: Nullable(DateTime()),
});
export type Stamp = Static<typeof StampSchema>;
