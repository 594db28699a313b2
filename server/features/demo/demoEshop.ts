import { EshopWriteSchema, type EshopWrite } from '../../../domain/schemas/eshop';
import { ProductWriteSchema, type ProductWrite } from '../../../domain/schemas/product';
import { DEFAULT_ESHOP_STYLES, defaultEshop } from '../../../domain/ticket/defaults';
import { freeOrderPrefix } from '../../../domain/ticket/orderPrefixes';
import { productProblems } from '../../../domain/ticket/productRules';
import { ticketTemplateProblems } from '../../../domain/ticket/ticketTemplateCheck';
import type { AppContext } from '../../kernel/appContext';
import { rowValuesOf } from '../../kernel/engine/rowValues';
import { entityRepository } from '../../kernel/engine/entityRepository';
import { eshopRepository, productRepository, ORDER_PREFIX_LOCK } from '../ticket';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const VAT = 0.21;
const VENUE = 'Letná Park Stage, Prague';

/** The demo e-shop as created: what its order and the summary need. */
export interface DemoEshop {
  id: string;
  name: string;
  orderPrefix: string;
  products: Array<{ id: string; name: string }>;
}

/** The e-shop's settings over a new e-shop's defaults; the seller is made up, its numbers the usual examples. */
const ESHOP: Omit<EshopWrite, 'projectId'> = {
  name: 'Open Air Nights',
  active: true,
  locales: ['cs', 'en'],
  currency: 'CZK',
  currencyCode: 203,
  maxItems: 10,
  maxPriceWithVat: 20_000,
  email: {
    subject: {
      cs: 'Vaše vstupenky na Open Air Nights ({{orderNumber}})',
      en: 'Your Open Air Nights tickets ({{orderNumber}})',
    },
    template: { cs: '', en: '' },
  },
  styles: {
    ...DEFAULT_ESHOP_STYLES,
    brandPrimary: '#1a237e',
    headerColor: '#1a237e',
    brandSecondary: '#e91e63',
    contentBtnColor: '#e91e63',
  },
  seller: {
    legalName: 'Open Air Nights Demo s.r.o.',
    address: 'Ukázková 123/4\n170 00 Praha 7\nCzech Republic',
    companyId: '12345678',
    vatId: 'CZ12345678',
    vatPayer: true,
    email: 'tickets@example.com',
    registration: 'C 123456 vedená u Městského soudu v Praze',
  },
  termsUrl: 'https://example.com/open-air-nights/terms',
};

/** The festival's Friday: the first one at least eight weeks from now, doors at 17:00 UTC (19:00 in Prague in summer). */
function festivalFriday(now: number): number {
  const day = new Date(now + 56 * DAY);
  day.setUTCHours(17, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + ((5 - day.getUTCDay() + 7) % 7));
  return day.getTime();
}

const iso = (time: number) => new Date(time).toISOString();
/** The price without VAT whose price with 21 % VAT rounds to the given one (490 → 404.96). */
const withoutVat = (priceWithVat: number) => Math.round((priceWithVat / (1 + VAT)) * 100) / 100;

/**
 * The two products: a Friday night standing ticket (one entry) and a weekend pass (two entries), each with its
 * event; valid from now, so that the demo's tickets pass the gate at once, until their event ends.
 */
function demoProducts(eshopId: string, templateId: string, now: number): ProductWrite[] {
  const friday = festivalFriday(now);
  const validFrom = iso(Math.floor(now / 60_000) * 60_000);
  const product = (
    order: number,
    name: string,
    title: { cs: string; en: string },
    priceWithVat: number,
    maxEntries: number,
    event: { name: string; startsAt: number; endsAt: number },
  ): ProductWrite => ({
    eshopId,
    name,
    active: true,
    order,
    maxItems: 10,
    maxEntries,
    units: 1,
    priceWithoutVat: withoutVat(priceWithVat),
    vat: VAT,
    templateIds: [templateId],
    title,
    warningEnabled: false,
    warningTitle: {},
    period: { periodType: 'interval', intervalFrom: validFrom, intervalTo: iso(event.endsAt) },
    numberServiceUrl: 'simple',
    numberServiceConfig: null,
    event: { name: event.name, venue: VENUE, startsAt: iso(event.startsAt), endsAt: iso(event.endsAt) },
  });
  return [
    product(1, 'Standing', { cs: 'Na stání', en: 'Standing' }, 490, 1, {
      name: 'Open Air Nights: Friday',
      startsAt: friday,
      endsAt: friday + 5 * HOUR,
    }),
    product(2, 'Weekend pass', { cs: 'Víkendová vstupenka', en: 'Weekend pass' }, 890, 2, {
      name: 'Open Air Nights: the weekend',
      startsAt: friday,
      endsAt: friday + 2 * DAY + 5 * HOUR,
    }),
  ];
}

/** The e-shop row, with the next free order prefix taken under the lock every e-shop write takes to choose one. */
async function insertEshop(app: AppContext, projectId: string) {
  return app.db.transaction().execute(async (trx) => {
    await entityRepository.lockUntilCommit(trx, ORDER_PREFIX_LOCK);
    const taken = (await eshopRepository.orderPrefixes(trx)).map((other) => other.orderPrefix);
    const orderPrefix = freeOrderPrefix(taken);
    if (orderPrefix === undefined) throw new Error('No order prefix is free for the demo e-shop.');
    return entityRepository.insert(
      trx,
      'eshop',
      rowValuesOf(EshopWriteSchema, { ...defaultEshop(projectId), ...ESHOP, orderPrefix }),
    );
  });
}

/**
 * The e-shop "Open Air Nights" of the demo project, selling tickets of the given template: Czech and English, CZK,
 * active, the next free order prefix, a complete (made-up) seller and terms; its two products pass the rules a
 * product's save checks (titles per locale, period, the template on the ticket contract), or the run stops.
 *
 * @example const eshop = await createDemoEshop(context, projectId, ticketTemplateId)
 */
export async function createDemoEshop(
  app: AppContext,
  projectId: string,
  templateId: string,
  now = Date.now(),
): Promise<DemoEshop> {
  const eshop = await insertEshop(app, projectId);
  const locales = ESHOP.locales ?? [];
  const template = (await productRepository.liveTemplatesOf(app.db, projectId, [templateId])).get(templateId);
  if (!template) throw new Error('The demo ticket template was not found.');
  const products: DemoEshop['products'] = [];
  for (const product of demoProducts(eshop.id, templateId, now)) {
    const problems = [
      ...productProblems(product, locales),
      ...ticketTemplateProblems(template, product.event).errors,
    ];
    if (problems.length)
      throw new Error(
        `The demo product "${product.name}" is invalid: ${problems.map((problem) => `${problem.path} ${problem.message}`).join('; ')}`,
      );
    const row = await entityRepository.insert(app.db, 'product', {
      ...rowValuesOf(ProductWriteSchema, product),
      projectId,
    });
    products.push({ id: row.id, name: product.name });
  }
  return { id: eshop.id, name: String(eshop.name), orderPrefix: String(eshop.orderPrefix), products };
}
