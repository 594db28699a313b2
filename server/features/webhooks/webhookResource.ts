import crypto from 'node:crypto';
import {
  webhookDeliveryResource,
  webhookResource,
  type Webhook,
  type WebhookDelivery,
} from '../../../domain/schemas/webhook';
import type { WebhookDeliveryRow, WebhookRow } from '../../kernel/db/tables';
import { badField } from '../../kernel/http/errors';
import type { CallContext, ResourceDefinition, WriteData } from '../../kernel/engine/resourceDefinition';
import { rowValuesOf } from '../../kernel/engine/rowValues';
import { webhookUrlProblem } from './endpointAddress';
import { sealSecret } from './webhookSecrets';
import { newWebhookSecret } from './webhookSignature';

/** Secrets between their generation and the answer that shows them once, by the webhook's id; never stored open. */
const secretsToShow = new Map<string, string>();

/** A URL that is no https address on the public internet is refused with why (unless WEBHOOK_ALLOW_PRIVATE). */
async function checkUrl(call: CallContext, url: unknown): Promise<void> {
  if (typeof url !== 'string') return;
  const problem = await webhookUrlProblem(url, call.app.config.webhookAllowPrivate);
  if (problem) throw badField('/url', problem);
}

/** Shows a secret once: in the answer that made it, never again. */
function withSecretOnce(id: string, entity: Webhook): Webhook {
  const secret = secretsToShow.get(id);
  secretsToShow.delete(id);
  return secret ? { ...entity, secret } : entity;
}

/**
 * Webhook endpoints: their URLs checked (https, and resolving only to public addresses), their signing secret made
 * at creation, sealed with the key vault for the row, and answered once.
 */
export const webhookDefinition: ResourceDefinition<WebhookRow, Webhook> = {
  descriptor: webhookResource,
  authorizeCreate: (call, data) => checkUrl(call, data.url),
  authorizeUpdate: (call, _row, data) => checkUrl(call, data.url),
  toInsert(call, data: WriteData) {
    const id = crypto.randomUUID();
    const secret = newWebhookSecret();
    secretsToShow.set(id, secret);
    return {
      ...rowValuesOf(webhookResource.createSchema, { active: true, description: '', ...data }),
      id,
      secretSealed: sealSecret(call.app.certificateKeys, id, secret),
    };
  },
  afterCreate: (_call, row, entity) => withSecretOnce(row.id, entity),
};

/** Deliveries: read-only through the engine; the sender writes them, Redeliver sends one again. */
export const webhookDeliveryDefinition: ResourceDefinition<WebhookDeliveryRow, WebhookDelivery> = {
  descriptor: webhookDeliveryResource,
};
