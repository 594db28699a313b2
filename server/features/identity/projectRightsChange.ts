import { isValidRightsMask } from '../../../domain/rights';
import { recordChange, type AuditActor, type TrailContext } from '../../kernel/engine/auditTrail';
import { badRequest } from '../../kernel/http/errors';

/**
 * Refuses (400, nothing changed) rights given as a bitmask with bits that are no right; null (no rights) passes. Both
 * a member's and an API client's rights on a project are checked so.
 *
 * @example mustBeRightsMask(body.accessRights)
 */
export function mustBeRightsMask(accessRights: number | null): void {
  if (accessRights !== null && !isValidRightsMask(accessRights))
    throw badRequest(
      {
        en: 'accessRights has bits that are not rights.',
        cs: 'accessRights obsahuje bity, které nejsou práva.',
      },
      [
        {
          path: 'accessRights',
          message: 'is not a valid rights bitmask',
          cs: 'není platná bitová maska práv',
        },
      ],
    );
}

/**
 * Records in the audit trail that rights on a project changed, as one field of the entity that shows them (a
 * project's `users.{userId}`, an API client's `projects.{projectId}`); rights that were not held are recorded as null.
 *
 * @example await recordRightsChange(trail, viewer, { resource: 'identity/project', id, field: `users.${userId}` }, 3, null)
 */
export function recordRightsChange(
  context: TrailContext,
  actor: AuditActor,
  shownAs: { resource: string; id: string; field: string },
  before: number | null | undefined,
  after: number | null,
): Promise<void> {
  return recordChange(context, actor, {
    resource: shownAs.resource,
    action: 'update',
    before: { id: shownAs.id, [shownAs.field]: before ?? null },
    after: { id: shownAs.id, [shownAs.field]: after },
  });
}
