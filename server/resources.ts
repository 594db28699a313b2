import { RESOURCES } from '../domain/resources';
import type { ResourceApi } from '../domain/resource';
import type { ResourceDefinition } from './kernel/engine/resourceDefinition';
import { apiClientDefinition } from './features/identity/apiClientResource';
import { certificateDefinition } from './features/passes/certificates/certificateResource';
import { eshopDefinition } from './features/ticket/eshopResource';
import { imageDefinition } from './features/passes/images/imageResource';
import { orderItemDefinition } from './features/ticket/orderItemResource';
import { passDefinition } from './features/passes/passResource';
import { productDefinition } from './features/ticket/productResource';
import { projectDefinition } from './features/identity/projectResource';
import { templateDefinition } from './features/passes/templateResource';
import { ticketEntryDefinition } from './features/ticket/gate/ticketEntryResource';
import { userDefinition } from './features/identity/userResource';

/** The resources with something special to the server; the others are served from their declaration alone. */
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

/** The server's definition of a declared resource, by its API name. */
export function definitionNamed(name: string): ResourceDefinition {
  const definition = serverResources.find((candidate) => candidate.descriptor.name === name);
  if (!definition) throw new Error(`No resource is declared with the name "${name}".`);
  return definition;
}
