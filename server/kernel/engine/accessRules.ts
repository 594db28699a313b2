import { holdsOn, holdsSomewhere, projectsHolding, ruleInWords } from '../../../domain/rights';
import type { ResourceDescriptor } from '../../../domain/resource';
import { resourceNamed } from '../../../domain/resources';
import type { Viewer } from '../../../domain/schemas/user';
import { czechRefusal } from '../http/czechMessages';
import { forbidden, type Localized } from '../http/errors';
import { projectScope } from './projectScope';
import { projectFromReference } from './references';
import type { CallContext, ReadScope, ResourceDefinition, Row, WriteData } from './resourceDefinition';

type WriteAction = 'create' | 'update' | 'delete';

const VERBS: Record<WriteAction, { doing: string; to: string }> = {
  create: { doing: 'Creating', to: 'create' },
  update: { doing: 'Editing', to: 'edit' },
  delete: { doing: 'Deleting', to: 'delete' },
};

/** "a pass", "an e-shop", "an API client" */
const withArticle = (label: string) => `${/^[aeio]/i.test(label) ? 'an' : 'a'} ${label}`;

/**
 * Why the declaration's rule refuses the action, in its own words: "Editing a pass needs the PASS_UPDATE right on
 * its project.", "Only an administrator can delete a project.", or the reason of a `nobody` rule.
 */
export function refusalOf(descriptor: ResourceDescriptor, action: WriteAction, where?: string): Localized {
  const rule = descriptor.access[action];
  if ('nobody' in rule) return { en: rule.nobody };
  const row = withArticle(descriptor.label);
  const cs = czechRefusal(descriptor.name, action, rule, where);
  if ('admin' in rule) return { en: `Only an administrator can ${VERBS[action].to} ${row}.`, cs };
  return {
    en: `${VERBS[action].doing} ${row} needs ${ruleInWords(rule)}${where ? ` on ${where}` : ''}.`,
    cs,
  };
}

/** How messages name the project of an existing row. */
const ROW_PROJECT_WORDS = { projectId: 'its project', id: 'it', none: undefined } as const;

/**
 * May the viewer list the resource at all (403 when not)? Where its read rule holds on some project. A rule of
 * membership names no right to lack: its list is everybody's, of their own projects' rows (none for a new user).
 */
export function canList(definition: ResourceDefinition, viewer: Viewer): boolean {
  const rule = definition.descriptor.access.read;
  return 'member' in rule || holdsSomewhere(viewer, rule);
}

/**
 * The rows the viewer reads: administrators all; others those of the projects where the read rule holds, unless
 * the resource says otherwise; rows of no project are for administrators only unless the resource says otherwise.
 */
export function readScopeOf(definition: ResourceDefinition, viewer: Viewer): ReadScope {
  if (viewer.isAdmin) return 'all';
  if (definition.readScope) return definition.readScope(viewer);
  const { project, access } = definition.descriptor;
  if (project === 'none') return 'none';
  return projectScope(project, projectsHolding(viewer, access.read));
}

/**
 * The declaration's rule for creating a row, on the new row's project: first anywhere (so that nobody without the
 * right learns whether what the body names exists), then on the project itself.
 */
export async function checkCreateRule(
  definition: ResourceDefinition,
  call: CallContext,
  data: WriteData,
): Promise<string | null> {
  const { descriptor } = definition;
  const rule = descriptor.access.create;
  const where =
    definition.newRowProject?.named ??
    (descriptor.projectFrom
      ? `its ${resourceNamed(descriptor.references[descriptor.projectFrom])?.label}'s project`
      : ROW_PROJECT_WORDS[descriptor.project]);
  if (!holdsSomewhere(call.viewer, rule)) throw forbidden(refusalOf(descriptor, 'create', where));
  if (descriptor.project === 'none') return null;
  const projectId = definition.newRowProject
    ? await definition.newRowProject.find(call, data)
    : descriptor.projectFrom
      ? await projectFromReference(call, descriptor, data)
      : descriptor.project === 'projectId'
        ? String(data.projectId)
        : null;
  if (!holdsOn(call.viewer, rule, projectId)) throw forbidden(refusalOf(descriptor, 'create', where));
  return projectId;
}

/**
 * The declaration's rule for changing or deleting a row, on the row's project (rows of no project: the rule held
 * anywhere; the resource checks the rest).
 */
export function checkRowRule(
  definition: ResourceDefinition,
  call: CallContext,
  action: 'update' | 'delete',
  row: Row,
): void {
  const { descriptor } = definition;
  const rule = descriptor.access[action];
  const holds =
    descriptor.project === 'none'
      ? holdsSomewhere(call.viewer, rule)
      : holdsOn(call.viewer, rule, String(descriptor.project === 'id' ? row.id : row.projectId));
  if (!holds) throw forbidden(refusalOf(descriptor, action, ROW_PROJECT_WORDS[descriptor.project]));
}
