import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { DateTime, EntityFields, Int4, JsonObject, Nullable } from './common';

/** Where a job is: waiting (for its first run or a retry), being run, finished, or failed for good. */
export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

/** A state's colour in the console: failed red, done green. */
const STATE_COLORS = { pending: 'info', running: 'primary', done: 'success', failed: 'error' } as const;

/** The kinds of work the queue runs. */
export const JOB_KINDS = [
  'orderMail',
  'pushPass',
  'pushTemplate',
  'pushCampaignPlan',
  'pushCampaignChunk',
  'pushCampaignRetry',
  'googlePass',
  'googleTemplate',
  'refundGateway',
  'refundMail',
  'webhookDeliveries',
] as const;

/**
 * A unit of work after an answer (an order's email, an Apple Wallet push, a Google Wallet patch), stored so that it survives a crash and
 * is retried with backoff; administrators see the queue and retry failed jobs.
 */
export const JobSchema = Type.Object({
  ...EntityFields,
  kind: Type.String({ description: `what the job does: ${JOB_KINDS.join(', ')}` }),
  payload: JsonObject,
  dedupeKey: Nullable(Type.String({ description: 'the same work is queued once (orderMail:<orderId>)' })),
  state: Type.Union(
    JOB_STATES.map((state) => Type.Literal(state)),
    { description: 'pending, running, done (deleted after JOB_RETENTION_HOURS) or failed' },
  ),
  attempts: Int4({ minimum: 0 }),
  maxAttempts: Int4({ minimum: 1 }),
  runAt: DateTime({ description: 'when a pending job runs (its next attempt after a failure)' }),
  lastError: Nullable(Type.String({ description: 'why the latest attempt failed' })),
  lockedUntil: Nullable(DateTime()),
  lockedBy: Nullable(Type.String({ description: 'the server process running it (host:pid:…)' })),
  finishedAt: Nullable(DateTime()),
});
export type Job = Static<typeof JobSchema>;

/** Nobody writes jobs through the API: the server queues them; a failed one is retried by POST /v1/job/{id}/retry. */
const NoWrite = Type.Object({}, { additionalProperties: false });

export const jobResource = defineResource({
  name: 'job',
  label: 'background job',
  api: 'core',
  route: 'identity/job',
  schema: JobSchema,
  createSchema: NoWrite,
  updateSchema: NoWrite,
  project: 'none',
  access: {
    read: { admin: true },
    create: { nobody: 'Jobs are queued by the server (order emails, pushes).' },
    update: { nobody: 'Jobs change as they run; a failed job is retried by POST /v1/job/{id}/retry.' },
    delete: { nobody: 'Done jobs are deleted after JOB_RETENTION_HOURS; failed ones stay to be seen.' },
  },
  representation: 'kind',
  menu: { group: 'identity', icon: 'WorkHistory' },
  filter: ['id', 'kind', 'state', 'dedupeKey', 'attempts', 'runAt', 'finishedAt', 'createdAt', 'updatedAt'],
  sort: ['id', 'kind', 'state', 'attempts', 'runAt', 'finishedAt', 'createdAt', 'updatedAt'],
  ui: {
    list: {
      columns: [
        { field: 'kind', kind: 'chip', labels: 'app.job.kind' },
        { field: 'state', kind: 'chip', labels: 'app.job.state', colors: STATE_COLORS },
        'attempts',
        'runAt',
        { field: 'lastError', max: 160 },
        'updatedAt',
        'dedupeKey',
      ],
      filters: [
        { field: 'state', alwaysOn: true, labels: 'app.job.state' },
        { field: 'kind', kind: 'choice', alwaysOn: true, labels: 'app.job.kind', choices: JOB_KINDS },
      ],
    },
    page: [
      'id',
      'kind',
      { field: 'state', labels: 'app.job.state' },
      { field: 'lastError', input: 'multiline', hiddenWhenEmpty: true },
      'attempts',
      'maxAttempts',
      'runAt',
      'createdAt',
      'updatedAt',
      { field: 'finishedAt', hiddenWhenEmpty: true },
      { field: 'dedupeKey', hiddenWhenEmpty: true },
      { field: 'lockedBy', hiddenWhenEmpty: true },
      { field: 'lockedUntil', hiddenWhenEmpty: true },
      'payload',
    ],
    actions: ['retryJob'],
  },
});
