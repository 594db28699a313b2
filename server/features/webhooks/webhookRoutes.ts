import crypto from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { holdsOn } from '../../../domain/rights';
import { ErrorSchema } from '../../../domain/schemas/common';
import {
  DEFAULT_SECRET_OVERLAP_SECONDS,
  RollSecretSchema,
  WEBHOOK_TEST_EVENT,
  WebhookDeliverySchema,
  WebhookSchema,
  webhookDeliveryResource,
  webhookResource,
} from '../../../domain/schemas/webhook';
import type { AppContext } from '../../kernel/appContext';
import { checkRowRule, refusalOf } from '../../kernel/engine/accessRules';
import { entityOf, readableRow } from '../../kernel/engine/crudService';
import { IdParamsSchema } from '../../kernel/engine/listSchemas';
import { writeRecordedRow } from '../../kernel/engine/recordedRowWrite';
import { conflict, forbidden } from '../../kernel/http/errors';
import { deliveryRepository } from './deliveryRepository';
import { createDeliverySender } from './deliverySender';
import { DELIVERY_JOB, deliveryJobHandler } from './deliveryWorker';
import { eventBody } from './webhookEvents';
import { webhookRepository } from './webhookRepository';
import { webhookDefinition, webhookDeliveryDefinition } from './webhookResource';
import { sealSecret } from './webhookSecrets';
import { newWebhookSecret } from './webhookSignature';

const ANSWERS = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * The webhooks' actions beyond the engine's: roll an endpoint's secret (the new one answered once; the previous one
 * signs beside it for the overlap), send a test event to one endpoint, and send a delivery again. Each needs the
 * right that edits the endpoint, on its project; another project's rows answer 404. Registers the sender's job.
 */
export function webhookRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const sender = createDeliverySender({
      timeoutMs: context.config.webhookTimeoutMs,
      allowPrivate: context.config.webhookAllowPrivate,
      userAgent: `Passbase-Webhooks/${context.config.version}`,
    });
    context.jobs.handle(DELIVERY_JOB, deliveryJobHandler(context, sender));
    app.addHook('onClose', async () => sender.close());

    api.post(
      '/v1/webhook/:id/rollSecret',
      {
        schema: {
          tags: [webhookResource.name],
          operationId: 'rollWebhookSecret',
          summary: 'Roll the signing secret of a webhook',
          description:
            'A new secret, answered once (`secret`). Until `previousSecretExpiresAt` (24 h, or `expiresInSeconds`; 0: at once) deliveries carry a v1 signature of each secret.',
          params: IdParamsSchema,
          body: Type.Optional(RollSecretSchema),
          response: { 200: WebhookSchema, ...ANSWERS },
        },
      },
      async (request) => {
        const call = { app: context, viewer: request.viewer };
        const before = await readableRow(webhookDefinition, call, request.params.id);
        checkRowRule(webhookDefinition, call, 'update', before);
        const overlap = request.body?.expiresInSeconds ?? DEFAULT_SECRET_OVERLAP_SECONDS;
        const secret = newWebhookSecret();
        const sealed = sealSecret(context.certificateKeys, before.id, secret);
        const rolled = await writeRecordedRow(call, webhookDefinition, before, (trx) =>
          webhookRepository.rollSecret(trx, before.id, sealed, overlap),
        );
        if (!rolled)
          throw conflict({ en: 'The webhook was deleted meanwhile.', cs: 'Webhook byl mezitím smazán.' });
        return { ...entityOf(webhookDefinition, context.config, rolled), secret };
      },
    );

    api.post(
      '/v1/webhook/:id/test',
      {
        schema: {
          tags: [webhookResource.name],
          operationId: 'sendWebhookTestEvent',
          summary: 'Send a test event to a webhook',
          description: `Queues a \`${WEBHOOK_TEST_EVENT}\` event to this endpoint only (even an inactive one); answers its delivery.`,
          params: IdParamsSchema,
          response: { 202: WebhookDeliverySchema, ...ANSWERS },
        },
      },
      async (request, reply) => {
        const call = { app: context, viewer: request.viewer };
        const webhook = await readableRow(webhookDefinition, call, request.params.id);
        checkRowRule(webhookDefinition, call, 'update', webhook);
        const eventId = crypto.randomUUID();
        const data = { webhookId: webhook.id, message: 'A test event sent from Passbase.' };
        await deliveryRepository.insertForEvent(
          context.db,
          {
            projectId: webhook.projectId,
            type: WEBHOOK_TEST_EVENT,
            eventId,
            body: eventBody(eventId, WEBHOOK_TEST_EVENT, data),
            windowSeconds: context.config.webhookRetryWindowSeconds,
          },
          webhook.id,
        );
        context.integrationEvents.wake();
        const delivery = await deliveryRepository.ofEvent(context.db, eventId, webhook.id);
        reply.code(202);
        return entityOf(webhookDeliveryDefinition, context.config, delivery);
      },
    );

    api.post(
      '/v1/webhookDelivery/:id/redeliver',
      {
        schema: {
          tags: [webhookDeliveryResource.name],
          operationId: 'redeliverWebhookDelivery',
          summary: 'Send a webhook delivery again',
          description:
            'A delivered or failed delivery is sent again at once, with the same event (id and body) and a new retry window; 409 while it is still pending.',
          params: IdParamsSchema,
          response: { 202: WebhookDeliverySchema, ...ANSWERS },
        },
      },
      async (request, reply) => {
        const call = { app: context, viewer: request.viewer };
        const delivery = await readableRow(webhookDeliveryDefinition, call, request.params.id);
        if (!holdsOn(request.viewer, webhookResource.access.update, delivery.projectId))
          throw forbidden(refusalOf(webhookResource, 'update', 'its project'));
        const row = await deliveryRepository.redeliver(
          context.db,
          delivery.id,
          context.config.webhookRetryWindowSeconds,
        );
        if (!row)
          throw conflict({
            en: 'This delivery is still pending: it is sent (or retried) without being asked.',
            cs: 'Toto doručení ještě čeká: odešle se (nebo zopakuje) samo.',
          });
        context.integrationEvents.wake();
        reply.code(202);
        return entityOf(webhookDeliveryDefinition, context.config, row);
      },
    );
  };
}
