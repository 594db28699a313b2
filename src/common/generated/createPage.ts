import type { ResourceDescriptor } from '../../../domain/resource';

/** A resource has a New page unless nobody may create its rows (they are made by the server: jobs, gate entries). */
export const hasCreatePage = (descriptor: ResourceDescriptor) => !('nobody' in descriptor.access.create);
