import { Right, canAnywhere } from '../../domain/rights';
import { EshopWriteSchema, eshopResource } from '../../domain/schemas/eshop';
import { defaultEshop } from '../../domain/ticket/defaults';
import { badRequest, forbidden } from '../http/errors';
import { projectRepository } from '../repositories/projectRepository';
import type { ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, jsonColumn, pick } from '../engine/rowValues';
import { projectScope } from './projectScope';

const WRITABLE = Object.keys(EshopWriteSchema.properties);
const JSON_COLUMNS = ['locales', 'messages', 'email', 'styles'] as const;

function toColumns(values: WriteData): WriteData {
  const columns: WriteData = { ...values };
  for (const column of JSON_COLUMNS) if (column in columns) columns[column] = jsonColumn(columns[column]);
  return columns;
}

const adminOnly = (viewer: { isAdmin: boolean }) => {
  // spec section 6: "e-shop saving (admin only)"
  if (!viewer.isAdmin) throw forbidden('Saving an e-shop is for administrators only.');
};

/** E-shops: read with TICKET_ESHOP_READ on their project; created, saved and deleted by admins only. */
export const eshopDefinition: ResourceDefinition = {
  descriptor: eshopResource,
  table: 'eshop',
  createSchema: EshopWriteSchema,
  replaceSchema: EshopWriteSchema,
  mergePatchFields: ['messages', 'email', 'styles'],
  canList: (viewer) => canAnywhere(viewer, Right.TICKET_ESHOP_READ),
  readScope: (viewer) => projectScope(viewer, [Right.TICKET_ESHOP_READ]),
  async authorizeCreate(call, data) {
    adminOnly(call.viewer);
    if (!(await projectRepository.isLive(call.app.db, String(data.projectId))))
      throw badRequest('The project was not found.', [
        { path: '/projectId', message: 'The project was not found.' },
      ]);
  },
  async authorizeUpdate(call, row, data) {
    adminOnly(call.viewer);
    if (data.projectId !== undefined && data.projectId !== row.projectId) {
      const message = 'An e-shop cannot move to another project: its orders and products belong there.';
      throw badRequest(message, [{ path: '/projectId', message }]);
    }
  },
  authorizeDelete: (call) => adminOnly(call.viewer),
  toInsert: (_call, data) => toColumns({ ...defaultEshop(String(data.projectId)), ...pick(data, WRITABLE) }),
  toUpdate: (_call, _row, data) => toColumns(pick(data, WRITABLE)),
  toEntities: (_call, rows: Row[]) => rows.map(eshopEntity),
};

export function eshopEntity(row: Row) {
  return {
    ...entityBase(row),
    projectId: row.projectId,
    name: row.name,
    orderPrefix: row.orderPrefix,
    active: row.active === true,
    eshopVersion: row.eshopVersion,
    locales: row.locales,
    currency: row.currency,
    currencyCode: Number(row.currencyCode),
    maxItems: Number(row.maxItems),
    maxPriceWithVat: Number(row.maxPriceWithVat),
    messages: row.messages ?? {},
    email: row.email ?? { template: {} },
    styles: row.styles ?? {},
    headOverrides: row.headOverrides ?? '',
    bodyOverrides: row.bodyOverrides ?? '',
  };
}
