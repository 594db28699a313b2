import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { DateTime, EntityFields, Int4, Nullable, Uuid } from './common';

/** Where a push campaign is: sending, finished, or stopped (cancelled, or superseded by a newer push of its template). */
export const PUSH_CAMPAIGN_STATUSES = ['running', 'done', 'cancelled'] as const;
export type PushCampaignStatus = (typeof PUSH_CAMPAIGN_STATUSES)[number];

/** What started a campaign: a template's push (after its change), a renewal of its certificate, an import's updates. */
export const PUSH_CAMPAIGN_CAUSES = ['template', 'renewal', 'import'] as const;
export type PushCampaignCause = (typeof PUSH_CAMPAIGN_CAUSES)[number];

/** A status's colour in the console: running blue, done green, cancelled grey. */
const STATUS_COLORS = { running: 'primary', done: 'success', cancelled: 'default' } as const;

/**
 * One fan-out of Apple Wallet pushes: every device holding a live pass of the template is told to update it. The job
 * queue plans it in chunks of passes and sends each chunk's pushes; the counters grow as chunks end.
 */
export const PushCampaignSchema = Type.Object({
  ...EntityFields,
  projectId: Uuid(),
  templateId: Nullable(Uuid()),
  cause: Type.Union(
    PUSH_CAMPAIGN_CAUSES.map((cause) => Type.Literal(cause)),
    {
      description:
        'what started it: template (a push of the template), renewal (its certificate renewed), import (the passes a CSV import updated)',
    },
  ),
  status: Type.Union(
    PUSH_CAMPAIGN_STATUSES.map((status) => Type.Literal(status)),
    { description: 'running, done, or cancelled (by a user, or superseded by a newer push of the template)' },
  ),
  passes: Int4({ minimum: 0, description: 'live passes given a new update tag so far' }),
  devices: Int4({
    minimum: 0,
    description: 'registered devices to notify, counted as the passes are planned',
  }),
  sent: Int4({ minimum: 0, description: 'pushes APNs accepted' }),
  failed: Int4({ minimum: 0, description: 'pushes APNs refused, or that found no answer after the retries' }),
  left: Int4({ minimum: 0, description: 'devices planned and not yet sent nor failed' }),
  planned: Type.Boolean({
    description:
      'every pass of the template is planned, or the import ended (devices is final); an import campaign stays open until then',
  }),
  createdBy: Nullable(
    Type.String({ description: 'who started it (a user or API client id; null: the server)' }),
  ),
  supersededBy: Nullable(
    Uuid({
      description:
        'the newer campaign of the template that cancelled this one (template and renewal campaigns supersede each other; an import campaign is never superseded)',
    }),
  ),
  lastError: Nullable(Type.String({ description: 'the latest reason a push failed' })),
  finishedAt: Nullable(DateTime()),
});
export type PushCampaign = Static<typeof PushCampaignSchema>;

const NoWrites = Type.Object({}, { additionalProperties: false });

export const pushCampaignResource = defineResource({
  name: 'pushCampaign',
  label: 'push campaign',
  api: 'core',
  route: 'passes/pushCampaign',
  schema: PushCampaignSchema,
  createSchema: NoWrites,
  updateSchema: NoWrites,
  project: 'projectId',
  access: {
    read: { anyOf: ['TEMPLATE_READ'] },
    create: { nobody: "Campaigns are started by a template's push (GET /v1/template/{id}/push)." },
    update: {
      nobody: 'Campaigns change as they run; a running one is stopped by POST /v1/pushCampaign/{id}/cancel.',
    },
    delete: { nobody: 'Campaigns are kept as the record of what was pushed.' },
  },
  representation: 'createdAt',
  menu: { group: 'passes', icon: 'Campaign' },
  references: { templateId: 'template', createdBy: 'user' },
  filter: ['id', 'projectId', 'templateId', 'cause', 'status', 'createdAt', 'updatedAt', 'finishedAt'],
  sort: ['id', 'createdAt', 'updatedAt', 'finishedAt', 'status', 'sent', 'failed', 'left'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  ui: {
    list: {
      columns: [
        'templateId',
        { field: 'cause', kind: 'chip', labels: 'app.pushCampaign.cause' },
        { field: 'status', kind: 'chip', labels: 'app.pushCampaign.status', colors: STATUS_COLORS },
        'sent',
        'failed',
        'left',
        'createdAt',
      ],
      filters: [
        { field: 'templateId', kind: 'id' },
        { field: 'status', alwaysOn: true, labels: 'app.pushCampaign.status' },
      ],
    },
    page: [
      { field: 'left', widget: 'pushCampaignProgress', label: false },
      'templateId',
      { field: 'cause', labels: 'app.pushCampaign.cause' },
      { field: 'status', labels: 'app.pushCampaign.status' },
      'passes',
      'devices',
      'sent',
      'failed',
      { field: 'lastError', input: 'multiline', hiddenWhenEmpty: true },
      { field: 'supersededBy', hiddenWhenEmpty: true },
      { field: 'createdBy', hiddenWhenEmpty: true },
      'createdAt',
      { field: 'finishedAt', hiddenWhenEmpty: true },
    ],
    actions: ['cancelPushCampaign'],
  },
});
