import { Right, can } from '../../../domain/rights';
import { projectResource } from '../../../domain/schemas/project';
import { badField, conflict, forbidden, type Localized } from '../../kernel/http/errors';
import { apiClientProjectRepository } from './apiClientProjectRepository';
import { projectUserRepository } from './projectUserRepository';
import { projectRepository } from './projectRepository';
import type { CallContext, ResourceDefinition } from '../../kernel/engine/resourceDefinition';

const parentField = (message: Localized) => badField('parentId', message);

/**
 * The parent a project is created under or moved to: null for a top level, which only administrators make;
 * otherwise a live project the viewer is a member of (else it "was not found").
 */
async function parentOf(call: CallContext, parentId: unknown): Promise<string | null> {
  if (parentId === null || parentId === undefined) {
    if (!call.viewer.isAdmin)
      throw forbidden({
        en: 'Only an administrator can create or move a top-level project.',
        cs: 'Projekt nejvyšší úrovně může vytvořit nebo přesunout jen administrátor.',
      });
    return null;
  }
  const parent = String(parentId);
  if (
    !(await projectRepository.isLive(call.app.db, parent)) ||
    !can(call.viewer, Right.PROJECT_ACCESS, parent)
  )
    throw parentField({ en: 'The parent project was not found.', cs: 'Nadřazený projekt nebyl nalezen.' });
  return parent;
}

/** Projects: members read them; PROJECT_UPDATE edits; PROJECT_CREATE on a parent adds sub-projects; admins delete. */
export const projectDefinition: ResourceDefinition = {
  descriptor: projectResource,
  newRowProject: { named: 'the parent project', find: (call, data) => parentOf(call, data.parentId) },
  async authorizeUpdate(call, row, data) {
    if (data.parentId === undefined || data.parentId === row.parentId) return;
    const parent = await parentOf(call, data.parentId);
    if (parent === null) return;
    if (!can(call.viewer, Right.PROJECT_CREATE, parent))
      throw forbidden({
        en: 'Moving a project needs the PROJECT_CREATE right on the parent project.',
        cs: 'Přesun projektu vyžaduje právo PROJECT_CREATE na nadřazeném projektu.',
      });
    if ((await projectRepository.ancestorsOf(call.app.db, parent)).includes(row.id))
      throw parentField({
        en: 'A project cannot be placed under itself or one of its sub-projects.',
        cs: 'Projekt nelze umístit pod sebe sama ani pod některý ze svých podprojektů.',
      });
  },
  async authorizeDelete(call, row) {
    const contents = await projectRepository.liveContents(call.app.db, row.id);
    if (contents.subProjects > 0 || contents.templates > 0)
      throw conflict({
        en: `The project still has ${contents.subProjects} sub-project(s) and ${contents.templates} template(s); delete or move them first.`,
        cs: `Projekt má stále podprojekty (${contents.subProjects}) a šablony (${contents.templates}); nejprve je smažte nebo přesuňte.`,
      });
  },
  computedColumns: projectRepository.membersColumn,
  async afterCreate(call, row, entity) {
    // The creator of a sub-project keeps on it the rights they hold on its parent.
    if (call.viewer.isAdmin || !row.parentId) return entity;
    const rights = call.viewer.projects[String(row.parentId)] ?? 0;
    if (call.viewer.apiClient) {
      await apiClientProjectRepository.set(call.app.db, call.viewer.id, row.id, rights);
      return entity;
    }
    await projectUserRepository.set(call.app.db, row.id, call.viewer.id, rights);
    call.app.viewers.forgetUser(call.viewer.id);
    return { ...entity, users: { ...(entity.users as object), [call.viewer.id]: rights } };
  },
  afterWrite(call, row) {
    if (row.deletedAt) call.app.viewers.forgetAll();
  },
};
