import { resourceNamed } from '../../../domain/resources';
import type { ResourceDescriptor } from '../../../domain/resource';
import type { Database } from '../db/tables';
import { badField } from '../http/errors';
import { czechReferenceNotFound } from '../http/czechMessages';
import { entityRepository } from './entityRepository';
import type { CallContext, WriteData } from './resourceDefinition';

/** The project of the live row a reference names, if the viewer is a member there (else it is not said to exist). */
async function projectOfReferenced(
  call: CallContext,
  resource: string,
  id: string,
): Promise<string | undefined> {
  const row = await entityRepository.find(call.app.db, resource as keyof Database, id, []);
  const projectId = row ? String(row.projectId) : undefined;
  if (!projectId || !(call.viewer.isAdmin || call.viewer.projects[projectId] !== undefined)) return undefined;
  return projectId;
}

const notInProject = (descriptor: ResourceDescriptor, field: string, resource: string) => {
  const label = resourceNamed(resource)?.label ?? resource;
  return badField(`/${field}`, {
    en: `The ${label} (${field}) was not found in the ${descriptor.label}'s project.`,
    cs: czechReferenceNotFound(resource, field, descriptor.name),
  });
};

/**
 * The project a new row belongs to when its declaration takes it from a reference (`projectFrom`): that of the row
 * the reference names (400 when there is no such row the viewer may know of).
 *
 * @example await projectFromReference(call, stampCardResource, { templateId }) // the template's project
 */
export async function projectFromReference(
  call: CallContext,
  descriptor: ResourceDescriptor,
  data: WriteData,
): Promise<string> {
  const field = String(descriptor.projectFrom);
  const resource = descriptor.references[field];
  const projectId = await projectOfReferenced(call, resource, String(data[field]));
  if (!projectId) {
    throw badField(`/${field}`, {
      en: `The ${resourceNamed(resource)?.label ?? resource} (${field}) was not found.`,
      cs: czechReferenceNotFound(resource, field),
    });
  }
  return projectId;
}

/**
 * Every reference the write sets names a live row of the row's own project (400 naming the field when not). A
 * reference set to null is left to the schema, which says whether it may be.
 */
export async function checkReferences(
  call: CallContext,
  descriptor: ResourceDescriptor,
  data: WriteData,
  projectId: string,
): Promise<void> {
  for (const [field, resource] of Object.entries(descriptor.references)) {
    const id = data[field];
    if (id === undefined || id === null) continue;
    if ((await projectOfReferenced(call, resource, String(id))) !== projectId)
      throw notInProject(descriptor, field, resource);
  }
}
