import { Right, can, canAnyOf, projectsWith } from '../../domain/rights';
import { ProjectWriteSchema, projectResource } from '../../domain/schemas/project';
import type { Viewer } from '../../domain/schemas/user';
import { badRequest, conflict, forbidden } from '../http/errors';
import { projectUserRepository } from '../repositories/projectUserRepository';
import { projectRepository } from '../repositories/projectRepository';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, pick } from '../engine/rowValues';
import { memberProjectScope } from './projectScope';

const WRITABLE = Object.keys(ProjectWriteSchema.properties);

async function checkParent(call: CallContext, parentId: unknown, projectId?: string): Promise<void> {
  if (parentId === null || parentId === undefined) {
    if (!call.viewer.isAdmin)
      throw forbidden('Only an administrator can create or move a top-level project.');
    return;
  }
  const parentField = (message: string) => badRequest(message, [{ path: 'parentId', message }]);
  const parent = String(parentId);
  if (
    !(await projectRepository.isLive(call.app.db, parent)) ||
    !can(call.viewer, Right.PROJECT_ACCESS, parent)
  )
    throw parentField('The parent project was not found.');
  if (!can(call.viewer, Right.PROJECT_CREATE, parent))
    throw forbidden('Creating a sub-project needs the PROJECT_CREATE right on the parent project.');
  if (projectId && (await projectRepository.ancestorsOf(call.app.db, parent)).includes(projectId))
    throw parentField('A project cannot be placed under itself or one of its sub-projects.');
}

/** Projects: members read them; PROJECT_UPDATE edits; PROJECT_CREATE on a parent adds sub-projects; admins delete. */
export const projectDefinition: ResourceDefinition = {
  descriptor: projectResource,
  table: 'project',
  createSchema: ProjectWriteSchema,
  replaceSchema: ProjectWriteSchema,
  canList: () => true,
  readScope: memberProjectScope,
  async authorizeCreate(call, data) {
    await checkParent(call, data.parentId);
  },
  async authorizeUpdate(call, row, data) {
    if (!can(call.viewer, Right.PROJECT_UPDATE, row.id))
      throw forbidden('Editing a project needs the PROJECT_UPDATE right on it.');
    if (data.parentId !== undefined && data.parentId !== row.parentId)
      await checkParent(call, data.parentId, row.id);
  },
  async authorizeDelete(call, row) {
    if (!call.viewer.isAdmin) throw forbidden('Only an administrator can delete a project.');
    const contents = await projectRepository.liveContents(call.app.db, row.id);
    if (contents.subProjects > 0 || contents.templates > 0)
      throw conflict(
        `The project still has ${contents.subProjects} sub-project(s) and ${contents.templates} template(s); delete or move them first.`,
      );
  },
  toInsert: (_call, data: WriteData) => pick(data, WRITABLE),
  toUpdate: (_call, _row, data: WriteData) => pick(data, WRITABLE),
  computedColumns: projectRepository.membersColumn,
  toEntities(_call, rows: Row[]) {
    return rows.map((row) => ({
      ...entityBase(row),
      name: row.name,
      description: row.description,
      active: row.active,
      parentId: row.parentId,
      users: row.users ?? {},
    }));
  },
  async afterCreate(call, row, entity) {
    // The creator of a sub-project keeps on it the rights they hold on its parent.
    if (call.viewer.isAdmin || !row.parentId) return entity;
    const rights = call.viewer.projects[String(row.parentId)] ?? 0;
    await projectUserRepository.set(call.app.db, row.id, call.viewer.id, rights);
    call.app.viewers.forgetUser(call.viewer.id);
    return { ...entity, users: { ...(entity.users as object), [call.viewer.id]: rights } };
  },
  afterWrite(call, row) {
    if (row.deletedAt) call.app.viewers.forgetAll();
  },
};

/** Who may open the identity screens of projects at all. */
export const canSeeProjectIdentity = (viewer: Viewer) =>
  canAnyOf(viewer, [Right.PROJECT_CREATE, Right.PROJECT_UPDATE, Right.USER_UPDATE]);

export const projectsWhereUserManager = (viewer: Viewer) => projectsWith(viewer, Right.USER_UPDATE);
