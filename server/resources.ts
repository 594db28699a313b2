import { RESOURCES } from '../domain/resources';
import type { ResourceApi } from '../domain/resource';
import type { ResourceDefinition } from './kernel/engine/resourceDefinition';
import { jobDefinition } from './kernel/jobs/jobDefinition';
import { apiClientDefinition, projectDefinition, userDefinition } from './features/identity';
import {
  certificateDefinition,
  imageDefinition,
  passDefinition,
  templateDefinition,
} from './features/passes';
import { stampCardDefinition } from './features/loyalty';
import {
  eshopDefinition,
  orderDefinition,
  orderItemDefinition,
  productDefinition,
  ticketEntryDefinition,
} from './features/ticket';
import { webhookDefinition, webhookDeliveryDefinition } from './features/webhooks';

/** The resources features define; the others are served from their declaration alone. */
const SPECIAL: readonly ResourceDefinition[] = [
  projectDefinition,
  userDefinition,
  apiClientDefinition,
  templateDefinition,
  passDefinition,
  imageDefinition,
  certificateDefinition,
  eshopDefinition,
  productDefinition,
  orderItemDefinition,
  ticketEntryDefinition,
  orderDefinition,
  stampCardDefinition,
  jobDefinition,
  webhookDefinition,
  webhookDeliveryDefinition,
];

/** Every declared resource (domain/resources.ts) as the server serves it. */
export const serverResources: readonly ResourceDefinition[] = RESOURCES.map(
  (descriptor) => SPECIAL.find((definition) => definition.descriptor === descriptor) ?? { descriptor },
);

/**
 * The resources one API serves, in the order of their declarations.
 *
 * @example for (const definition of resourcesOfApi('ticket')) registerResourceRoutes(app, context, definition);
 */
export const resourcesOfApi = (api: ResourceApi) =>
  serverResources.filter((definition) => definition.descriptor.api === api);

/** The resources of the ticket API (at config.ticketApiBase). */
export const ticketResources = resourcesOfApi('ticket');
