import { ProductWriteSchema, productResource } from '../../domain/schemas/product';
import { productProblems } from '../../domain/ticket/productRules';
import type { EshopRow } from '../db/tables';
import { badRequest, forbidden } from '../http/errors';
import { eshopRepository } from '../repositories/eshopRepository';
import { productRepository } from '../repositories/productRepository';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, jsonColumn, pick } from '../engine/rowValues';
import { canManageProducts, canManageProductsAnywhere } from '../ticket/ticketRights';
import { projectScopeAll } from './projectScope';
import { Right } from '../../domain/rights';

const WRITABLE = Object.keys(ProductWriteSchema.properties);
const JSON_COLUMNS = ['templateIds', 'title', 'warningTitle', 'period', 'numberServiceConfig'] as const;
const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

function toColumns(values: WriteData): WriteData {
  const columns: WriteData = { ...values };
  for (const column of JSON_COLUMNS) if (column in columns) columns[column] = jsonColumn(columns[column]);
  return columns;
}

/** The e-shop a product goes to: live, and one where the viewer manages products (else it "was not found"). */
async function eshopFor(call: CallContext, eshopId: string): Promise<EshopRow> {
  const eshop = await eshopRepository.findLive(call.app.db, eshopId);
  if (!eshop || !canManageProducts(call.viewer, eshop.projectId))
    throw field('/eshopId', 'The e-shop (eshopId) was not found.');
  return eshop;
}

/** Spec section 5 product rules that need the e-shop, and templates of the e-shop's project. */
async function checkProduct(
  call: CallContext,
  product: Record<string, unknown>,
  eshop: EshopRow,
): Promise<void> {
  const locales = Array.isArray(eshop.locales) ? eshop.locales.map(String) : [];
  const problems = productProblems(product, locales);
  if (problems.length) throw badRequest('The product is invalid', problems);
  const templateIds = (product.templateIds as string[] | undefined) ?? [];
  const found = await productRepository.liveTemplateIdsOf(call.app.db, eshop.projectId, templateIds);
  const missing = templateIds.findIndex((id) => !found.has(id));
  if (missing >= 0)
    throw field(`/templateIds/${missing}`, "The template was not found in the e-shop's project.");
}

/** The row as the product it describes (JSON columns parsed, numbers as numbers), for the rules. */
function productOfRow(row: Row): Record<string, unknown> {
  return { ...row, priceWithoutVat: Number(row.priceWithoutVat), vat: Number(row.vat) };
}

/**
 * Products: admin, or TICKET_PRODUCT_MANAGE with TICKET_ESHOP_READ on the e-shop's project, to see, create and edit.
 * priceWithVat is computed by the database (a generated column), never written.
 */
export const productDefinition: ResourceDefinition = {
  descriptor: productResource,
  table: 'product',
  createSchema: ProductWriteSchema,
  replaceSchema: ProductWriteSchema,
  // period is one of two shapes (days or interval): merging one into the other would keep the first one's keys.
  mergePatchFields: ['title', 'warningTitle', 'numberServiceConfig'],
  canList: canManageProductsAnywhere,
  readScope: (viewer) => projectScopeAll(viewer, [Right.TICKET_PRODUCT_MANAGE, Right.TICKET_ESHOP_READ]),
  async authorizeCreate(call, data) {
    if (!canManageProductsAnywhere(call.viewer))
      throw forbidden('Products need the TICKET_PRODUCT_MANAGE and TICKET_ESHOP_READ rights.');
    const eshop = await eshopFor(call, String(data.eshopId));
    await checkProduct(call, data, eshop);
  },
  async authorizeUpdate(call, row, data) {
    const merged = { ...productOfRow(row), ...data };
    const eshop = await eshopFor(call, String(merged.eshopId));
    if (eshop.projectId !== row.projectId)
      throw field('/eshopId', 'A product can move only to an e-shop of the same project.');
    await checkProduct(call, merged, eshop);
  },
  authorizeDelete(call, row) {
    if (!canManageProducts(call.viewer, String(row.projectId)))
      throw forbidden('Products need the TICKET_PRODUCT_MANAGE and TICKET_ESHOP_READ rights.');
  },
  async toInsert(call, data) {
    const eshop = await eshopFor(call, String(data.eshopId));
    return toColumns({
      active: false,
      order: 1,
      maxItems: 10,
      maxEntries: 1,
      units: 1,
      warningEnabled: false,
      warningTitle: {},
      numberServiceUrl: 'simple',
      numberServiceConfig: null,
      ...pick(data, WRITABLE),
      projectId: eshop.projectId,
    });
  },
  toUpdate: (_call, _row, data) => toColumns(pick(data, WRITABLE)),
  toEntities: (_call, rows: Row[]) => rows.map(productEntity),
};

export function productEntity(row: Row) {
  return {
    ...entityBase(row),
    eshopId: row.eshopId,
    projectId: row.projectId,
    name: row.name,
    active: row.active === true,
    order: Number(row.order),
    maxItems: Number(row.maxItems),
    maxEntries: Number(row.maxEntries),
    units: Number(row.units),
    priceWithoutVat: Number(row.priceWithoutVat),
    vat: Number(row.vat),
    priceWithVat: Number(row.priceWithVat),
    templateIds: row.templateIds,
    title: row.title ?? {},
    warningEnabled: row.warningEnabled === true,
    warningTitle: row.warningTitle ?? {},
    period: row.period,
    numberServiceUrl: row.numberServiceUrl,
    numberServiceConfig: row.numberServiceConfig ?? null,
  };
}
