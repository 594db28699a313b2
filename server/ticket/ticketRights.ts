import { Right, can } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';

/** Spec section 6: "Ticket product show/create/edit: admin, or TICKET_PRODUCT_MANAGE with TICKET_ESHOP_READ". */
export const canManageProducts = (viewer: Viewer, projectId: string) =>
  can(viewer, Right.TICKET_PRODUCT_MANAGE, projectId) && can(viewer, Right.TICKET_ESHOP_READ, projectId);

export const canManageProductsAnywhere = (viewer: Viewer) =>
  viewer.isAdmin || Object.keys(viewer.projects).some((projectId) => canManageProducts(viewer, projectId));
