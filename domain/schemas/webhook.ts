import { Type, type Static } from '@sinclair/typebox';
import { defineResource, type ResourceAccess } from '../resource';
import { DateTime, EntityFields, Nullable, Uuid } from './common';

/**
 * What an integrator may hear of, one name per cause. `pass.registered` and `pass.unregistered` come from Apple
 * Wallet (a device registers or unregisters) and Google Wallet (a save or a delete callback); their data says which
 * (`platform`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'pass.created',
  'pass.updated',
  'pass.voided',
  'pass.deleted',
  'pass.registered',
  'pass.unregistered',
  'template.updated',
  'order.paid',
  'order.refunded',
  'ticket.entry',
  'stamp.added',
  'reward.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "Send test event" sends to one endpoint only; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The longest endpoint address accepted. */
export const WEBHOOK_URL_MAX = 2000;

const EventTypeSchema = Type.Union(WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type)));

const webhookFields = {
  projectId: Uuid(),
  /** where the events are POSTed: https, and an address on the public internet */
  url: Type.String({
    minLength: 1,
    maxLength: WEBHOOK_URL_MAX,
    description: 'an https address on the internet',
  }),
  events: Type.Array(EventTypeSchema, {
    minItems: 1,
    uniqueItems: true,
    maxItems: WEBHOOK_EVENT_TYPES.length,
  }),
  active: Type.Boolean(),
  description: Type.String({ maxLength: 500 }),
};

/** An endpoint of an integration that hears a project's events, signed with its secret (shown once). */
export const WebhookSchema = Type.Object({
  ...EntityFields,
  ...webhookFields,
  /** during a rolled secret's overlap, until when deliveries carry the previous secret's signature too */
  previousSecretExpiresAt: Nullable(DateTime()),
  /** present only in the answers that create the endpoint or roll its secret */
  secret: Type.Optional(Type.String()),
});
export type Webhook = Static<typeof WebhookSchema>;

export const WebhookCreateSchema = Type.Object(
  {
    projectId: webhookFields.projectId,
    url: webhookFields.url,
    events: webhookFields.events,
    active: Type.Optional(webhookFields.active),
    description: Type.Optional(webhookFields.description),
  },
  { additionalProperties: false },
);

/** PUT and PATCH: an endpoint stays in its project. */
export const WebhookUpdateSchema = Type.Object(
  {
    url: webhookFields.url,
    events: webhookFields.events,
    active: Type.Optional(webhookFields.active),
    description: Type.Optional(webhookFields.description),
  },
  { additionalProperties: false },
);

/** POST /v1/webhook/{id}/rollSecret: how long the previous secret still signs (24 h by default). */
export const RollSecretSchema = Type.Object(
  { expiresInSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 24 * 3600 })) },
  { additionalProperties: false },
);
export const DEFAULT_SECRET_OVERLAP_SECONDS = 24 * 3600;

/** Endpoints carry a project's events out: those who manage the project manage them. */
const PROJECT_MANAGERS: ResourceAccess = {
  read: { anyOf: ['PROJECT_UPDATE'] },
  create: { anyOf: ['PROJECT_UPDATE'] },
  update: { anyOf: ['PROJECT_UPDATE'] },
  delete: { anyOf: ['PROJECT_UPDATE'] },
};

export const webhookResource = defineResource({
  name: 'webhook',
  label: 'webhook',
  api: 'core',
  route: 'identity/webhook',
  schema: WebhookSchema,
  createSchema: WebhookCreateSchema,
  updateSchema: WebhookUpdateSchema,
  project: 'projectId',
  access: PROJECT_MANAGERS,
  representation: 'url',
  menu: { group: 'identity', icon: 'Webhook' },
  filter: ['id', 'projectId', 'url', 'active', 'createdAt', 'updatedAt'],
  sort: ['id', 'url', 'active', 'createdAt', 'updatedAt'],
  ui: {
    list: { columns: ['url', 'projectId', 'events', 'active', 'createdAt'], filters: ['url', 'projectId'] },
    tabs: [
      {
        key: 'endpoint',
        label: 'app.webhook.tab.endpoint',
        fields: [
          { field: 'projectId', readOnly: 'always' },
          { field: 'url', helper: 'app.webhook.urlHelp' },
          { field: 'events', widget: 'webhookEvents' },
          'active',
          { field: 'description', input: 'multiline' },
          { field: 'previousSecretExpiresAt', readOnly: 'always', hiddenWhenEmpty: true },
        ],
      },
      { key: 'deliveries', label: 'app.webhook.tab.deliveries', widget: 'webhookDeliveries' },
    ],
    create: [
      'projectId',
      { field: 'url', helper: 'app.webhook.urlHelp' },
      { field: 'events', widget: 'webhookEvents' },
      'active',
      { field: 'description', input: 'multiline' },
    ],
    createDefaults: { active: true, events: [...WEBHOOK_EVENT_TYPES], description: '' },
    trim: ['url', 'description'],
    afterCreate: 'webhookSecret',
    actions: ['webhookActions'],
  },
});

/** Where a delivery is: waiting (its first attempt or a retry), delivered (a 2xx), or given up on. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event's delivery to one endpoint: the body as sent (and signed), its attempts and the latest answer. */
export const WebhookDeliverySchema = Type.Object({
  ...EntityFields,
  projectId: Uuid(),
  webhookId: Uuid(),
  /** the event's id: the same in every attempt and redelivery (the receiver's key against duplicates) */
  eventId: Uuid(),
  type: Type.String(),
  status: Type.Union(DELIVERY_STATUSES.map((status) => Type.Literal(status))),
  attempts: Type.Integer({ minimum: 0 }),
  responseCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  /** when a pending delivery is tried next */
  nextAttemptAt: Nullable(DateTime()),
  deliveredAt: Nullable(DateTime()),
  /** the JSON body POSTed: {id, type, createdAt, data} */
  body: Type.String(),
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

const NoWrites = Type.Object({}, { additionalProperties: false });
const RECORDED_BY_SERVER = 'Deliveries are made by the server for the events of a webhook.';

export const webhookDeliveryResource = defineResource({
  name: 'webhookDelivery',
  label: 'webhook delivery',
  api: 'core',
  route: 'identity/webhookDelivery',
  schema: WebhookDeliverySchema,
  createSchema: NoWrites,
  updateSchema: NoWrites,
  project: 'projectId',
  access: {
    read: PROJECT_MANAGERS.read,
    create: { nobody: RECORDED_BY_SERVER },
    update: { nobody: RECORDED_BY_SERVER },
    delete: { nobody: 'Deliveries are deleted by the retention.' },
  },
  representation: 'type',
  references: { webhookId: 'webhook' },
  filter: ['webhookId', 'eventId', 'type', 'status', 'responseCode', 'createdAt'],
  sort: ['id', 'createdAt', 'updatedAt', 'status', 'attempts'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  ui: {
    list: {
      columns: ['createdAt', 'type', 'status', 'responseCode', 'attempts', 'lastError'],
      filters: [{ field: 'webhookId', kind: 'id' }, 'type', 'status'],
    },
    page: [
      'webhookId',
      'eventId',
      'type',
      'status',
      'responseCode',
      'attempts',
      { field: 'lastError', input: 'multiline', hiddenWhenEmpty: true },
      'createdAt',
      { field: 'nextAttemptAt', hiddenWhenEmpty: true },
      { field: 'deliveredAt', hiddenWhenEmpty: true },
      { field: 'body', input: 'multiline' },
    ],
    actions: ['redeliver'],
  },
});
