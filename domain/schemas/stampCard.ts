import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { EntityFields, Int4, Nullable, Uuid } from './common';

/** The most stamps a card can ask for before its reward: a loyalty card, not a counter of sales. */
export const MAX_STAMPS_FOR_REWARD = 1000;

/** The longest a reward may stay valid: ten years. */
export const MAX_REWARD_VALID_DAYS = 3650;

/** A dynamic-data field name that a template's placeholder can name (#{stamps}). */
const COUNT_FIELD = { minLength: 1, maxLength: 100, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } as const;
const CountField = Type.String(COUNT_FIELD);

/**
 * A stamp card of a project: the passes of its template collect stamps in a dynamic-data field; at
 * `stampsForReward` stamps the holder gets a reward (a pass of the reward template, or only the count starting again).
 */
export const StampCardSchema = Type.Object({
  ...EntityFields,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  /** always the template's project; never written by clients */
  projectId: Uuid(),
  templateId: Uuid(),
  stampsForReward: Int4({ minimum: 1, maximum: MAX_STAMPS_FOR_REWARD }),
  /** the template of the reward's pass (a coupon); null: the reward is the count starting again */
  rewardTemplateId: Nullable(Uuid()),
  countField: CountField,
  active: Type.Boolean(),
  /** days a reward pass is valid from its issue (its expirationDate and #{validTo}); null: no end */
  rewardValidDays: Nullable(Int4({ minimum: 1, maximum: MAX_REWARD_VALID_DAYS })),
});
export type StampCard = Static<typeof StampCardSchema>;

export const StampCardWriteSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    templateId: Uuid(),
    stampsForReward: Int4({ minimum: 1, maximum: MAX_STAMPS_FOR_REWARD }),
    rewardTemplateId: Type.Optional(Nullable(Uuid())),
    countField: Type.Optional(CountField),
    active: Type.Optional(Type.Boolean()),
    rewardValidDays: Type.Optional(Nullable(Int4({ minimum: 1, maximum: MAX_REWARD_VALID_DAYS }))),
  },
  { additionalProperties: false },
);

/** A new card: the write's fields, with the defaults a new card takes (the create form starts from them). */
export const StampCardCreateSchema = Type.Object(
  {
    ...StampCardWriteSchema.properties,
    countField: Type.Optional(Type.String({ ...COUNT_FIELD, default: 'stamps' })),
    active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

export const stampCardResource = defineResource({
  name: 'stampCard',
  api: 'core',
  route: 'passes/stampCard',
  schema: StampCardSchema,
  createSchema: StampCardCreateSchema,
  updateSchema: StampCardWriteSchema,
  project: 'projectId',
  // spec section 6: "Stamp card | admin or STAMP_MANAGE"
  access: {
    read: { anyOf: ['STAMP_MANAGE'] },
    create: { anyOf: ['STAMP_MANAGE'] },
    update: { anyOf: ['STAMP_MANAGE'] },
    delete: { anyOf: ['STAMP_MANAGE'] },
  },
  representation: 'name',
  menu: { group: 'passes', icon: 'Loyalty' },
  references: { templateId: 'template', rewardTemplateId: 'template' },
  projectFrom: 'templateId',
  filter: ['id', 'name', 'projectId', 'templateId', 'rewardTemplateId', 'active', 'createdAt', 'updatedAt'],
  sort: ['id', 'name', 'projectId', 'stampsForReward', 'active', 'createdAt', 'updatedAt'],
  ui: { below: ['cardStamps'] },
});
