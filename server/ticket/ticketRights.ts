import { sql } from 'kysely';
import { Right, can, projectsWith } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import type { ReadScope } from '../engine/resourceDefinition';

/**
 * Rows of the projects where the viewer holds every one of the rights, as a condition on "projectId"
 * (products need TICKET_PRODUCT_MANAGE and TICKET_ESHOP_READ on the same project).
 */
export function projectScopeAll(viewer: Viewer, rights: readonly number[]): ReadScope {
  if (viewer.isAdmin) return 'all';
  const ids = Object.keys(viewer.projects).filter((id) =>
    rights.every((right) => projectsWith(viewer, right).includes(id)),
  );
  return ids.length ? sql<boolean>`"projectId" in (${sql.join(ids.map((id) => sql`${id}::uuid`))})` : 'none';
}

/** Spec section 6: "Ticket product show/create/edit: admin, or TICKET_PRODUCT_MANAGE with TICKET_ESHOP_READ". */
export const canManageProducts = (viewer: Viewer, projectId: string) =>
  can(viewer, Right.TICKET_PRODUCT_MANAGE, projectId) && can(viewer, Right.TICKET_ESHOP_READ, projectId);

export const canManageProductsAnywhere = (viewer: Viewer) =>
  viewer.isAdmin || Object.keys(viewer.projects).some((projectId) => canManageProducts(viewer, projectId));
