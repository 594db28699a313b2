import { holdsOn } from '../../../domain/rights';
import { ProductWriteSchema, productResource } from '../../../domain/schemas/product';
import { productProblems } from '../../../domain/ticket/productRules';
import type { EshopRow } from '../../kernel/db/tables';
import { badField as field, badRequest } from '../../kernel/http/errors';
import { eshopRepository } from './eshopRepository';
import { productRepository } from './productRepository';
import { productTemplateProblems } from '../../../domain/ticket/ticketTemplateCheck';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../../kernel/engine/resourceDefinition';
import { oncePerBody } from '../../kernel/engine/oncePerBody';
import { rowValuesOf } from '../../kernel/engine/rowValues';

const liveEshopOf = oncePerBody((call, data) => eshopRepository.findLive(call.app.db, String(data.eshopId)));

/** The e-shop a product goes to: live, and in a project of the viewer's (else it "was not found"). */
async function eshopFor(call: CallContext, data: WriteData): Promise<EshopRow> {
  const eshop = await liveEshopOf(call, data);
  if (!eshop || !holdsOn(call.viewer, { member: true }, eshop.projectId))
    throw field('/eshopId', {
      en: 'The e-shop (eshopId) was not found.',
      cs: 'E-shop (eshopId) nebyl nalezen.',
    });
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
  if (problems.length)
    throw badRequest({ en: 'The product is invalid', cs: 'Produkt není platný' }, problems);
  const templateIds = (product.templateIds as string[] | undefined) ?? [];
  const found = await productRepository.liveTemplatesOf(call.app.db, eshop.projectId, templateIds);
  const missing = templateIds.findIndex((id) => !found.has(id));
  if (missing >= 0)
    throw field(`/templateIds/${missing}`, {
      en: "The template was not found in the e-shop's project.",
      cs: 'Šablona nebyla v projektu e-shopu nalezena.',
    });
  const unfit = productTemplateProblems(templateIds, (id) => found.get(id), product.event).map(
    ({ index, template, ...problem }) => ({ index, name: template.name, problem }),
  );
  if (unfit.length)
    throw badRequest(
      {
        en: `The template "${unfit[0].name}" cannot issue this product's tickets: ${unfit[0].problem.path} ${unfit[0].problem.message}.`,
        cs: `Šablona "${unfit[0].name}" nemůže vydávat vstupenky tohoto produktu: ${unfit[0].problem.path} ${unfit[0].problem.cs ?? unfit[0].problem.message}.`,
      },
      unfit.map(({ index, name, problem }) => ({
        path: `/templateIds/${index}`,
        message: `template "${name}": ${problem.path} ${problem.message}`,
        cs: `šablona "${name}": ${problem.path} ${problem.cs ?? problem.message}`,
      })),
    );
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
  // period is one of two shapes (days or interval): merging one into the other would keep the first one's keys.
  mergePatchFields: ['title', 'warningTitle', 'numberServiceConfig', 'event'],
  newRowProject: {
    named: "its e-shop's project",
    find: async (call, data) => (await eshopFor(call, data)).projectId,
  },
  async authorizeCreate(call, data) {
    const eshop = await eshopFor(call, data);
    await checkProduct(call, data, eshop);
  },
  async authorizeUpdate(call, row, data) {
    const merged = { ...productOfRow(row), ...data };
    const eshop = await eshopFor(call, merged);
    if (eshop.projectId !== row.projectId)
      throw field('/eshopId', {
        en: 'A product can move only to an e-shop of the same project.',
        cs: 'Produkt lze přesunout jen do e-shopu téhož projektu.',
      });
    await checkProduct(call, merged, eshop);
  },
  async toInsert(call, data) {
    const eshop = await eshopFor(call, data);
    const values = rowValuesOf(ProductWriteSchema, {
      active: false,
      order: 1,
      maxItems: 10,
      maxEntries: 1,
      units: 1,
      warningEnabled: false,
      warningTitle: {},
      numberServiceUrl: 'simple',
      numberServiceConfig: null,
      event: null,
      ...data,
    });
    return { ...values, projectId: eshop.projectId };
  },
};
