import type { EshopStyles, EshopWrite } from '../schemas/eshop';
import type { ProductWrite } from '../schemas/product';
import { LATEST_ESHOP_VERSION } from './eshopVersions';

export const DEFAULT_ESHOP_STYLES: Required<Pick<EshopStyles, keyof EshopStyles>> = {
  backgroundColor: '#ffffff',
  brandPrimary: '#0d47a1',
  brandSecondary: '#ff6f00',
  contentBtnColor: '#0d47a1',
  contentColor: '#212121',
  contentErrorColor: '#c62828',
  contentWarningColor: '#ef6c00',
  footerColor: '#263238',
  headerColor: '#0d47a1',
  fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
  footerHeight: '60px',
  headerHeight: '80px',
  backgroundImg: '',
  footerImg: '',
  headerImg: '',
};

/**
 * Spec section 3, new e-shop: active, locale cs, currency CZK (203), maxItems 10, maxPriceWithVat 1000, latest
 * version, name default, preset colours. Its order prefix is the next free one (90 on a new installation), which
 * the server chooses when none is given (domain/ticket/orderPrefixes).
 *
 * @example defaultEshop(projectId)
 */
export function defaultEshop(projectId: string): Required<Omit<EshopWrite, 'orderPrefix'>> {
  return {
    projectId,
    name: 'default',
    active: true,
    eshopVersion: LATEST_ESHOP_VERSION,
    locales: ['cs'],
    currency: 'CZK',
    currencyCode: 203,
    maxItems: 10,
    maxPriceWithVat: 1000,
    messages: {},
    email: { subject: { cs: 'Vaše vstupenky' }, template: { cs: '' } },
    styles: { ...DEFAULT_ESHOP_STYLES },
    headOverrides: '',
    bodyOverrides: '',
    seller: {},
    termsUrl: '',
    paymentGateway: { kind: 'simulated' },
  };
}

const CHILD = { cs: 'Dětská', en: 'Child' } as const;
const CHILD_WARNING = {
  cs: 'Při vstupu je nutné prokázat věk dítěte.',
  en: 'Proof of the age of children is required at the entrance.',
} as const;

function perLocale(texts: Record<string, string>, locales: readonly string[]): Record<string, string> {
  return Object.fromEntries(locales.map((locale) => [locale, texts[locale] ?? texts.en]));
}

/**
 * Spec section 3, default new product (created under the first e-shop): Child (Dětská in a Czech console), order 1,
 * 150 CZK without VAT, VAT 0, 30 days validity, maxItems 5, maxEntries 1, a proof-of-age warning, inactive, number
 * service simple. No template is chosen: whoever creates the product picks the one its tickets are issued from, and
 * the API refuses a product without one (400) rather than guessing.
 *
 * @example defaultProduct({ id: eshop.id, locales: eshop.locales }, 'cs') // name 'Dětská', templateIds []
 */
export function defaultProduct(
  eshop: { id: string; locales: readonly string[] },
  consoleLanguage: string,
): Required<ProductWrite> {
  const locales = eshop.locales.length ? eshop.locales : ['cs'];
  return {
    eshopId: eshop.id,
    name: consoleLanguage === 'cs' ? CHILD.cs : CHILD.en,
    active: false,
    order: 1,
    maxItems: 5,
    maxEntries: 1,
    units: 1,
    priceWithoutVat: 150,
    vat: 0,
    templateIds: [],
    title: perLocale(CHILD, locales),
    warningEnabled: true,
    warningTitle: perLocale(CHILD_WARNING, locales),
    period: { periodType: 'days', daysMaximalValidity: 30, intervalFrom: null, intervalTo: null },
    numberServiceUrl: 'simple',
    numberServiceConfig: null,
    event: null,
  };
}
