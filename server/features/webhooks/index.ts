/**
 * Webhooks: endpoints of integrations that hear a project's events, signed deliveries sent from the job queue with
 * retries, and the integration events' port (kernel/events) as they carry it out.
 *
 * What the app (server/app.ts, coreRoutes.ts, resources.ts) may use of it; the rest is its own.
 */
export { createWebhookEvents } from './webhookEvents';
export { webhookDefinition, webhookDeliveryDefinition } from './webhookResource';
export { webhookRoutes } from './webhookRoutes';
export { webhookRetention } from './webhookRetention';
