import { eshopTexts } from '../../domain/ticket/eshopVersions';
import { formatMoney } from '../../domain/ticket/money';

const readable = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatMoney', () => {
  it.each([
    [484, 'CZK', 'cs', '484,00 Kč'],
    [484, 'CZK', 'en', 'CZK 484.00'],
    [1234.5, 'EUR', 'cs', '1 234,50 €'],
    [1234.5, 'EUR', 'en', '€1,234.50'],
  ])('writes %s %s in %s as %s', (amount, currency, locale, expected) => {
    expect(readable(formatMoney(amount, currency, locale))).toBe(expected);
  });

  it('falls back to "amount code" for a currency code Intl refuses', () => {
    expect(formatMoney(12.1, 'C', 'cs')).toBe('12.10 C');
  });
});

describe('eshopTexts', () => {
  const eshop = {
    eshopVersion: 'latest',
    locales: ['cs', 'en'],
    messages: { cs: { 'email.invoice': 'Daňový doklad' } },
  };

  it("answers the e-shop's own text over its version's default, with placeholders filled in", () => {
    const { locale, text } = eshopTexts(eshop, 'cs');
    expect(locale).toBe('cs');
    expect(text('email.invoice')).toBe('Daňový doklad');
    expect(text('email.thanks', { orderNumber: '90261', total: '484,00 Kč' })).toBe(
      'Děkujeme za vaši objednávku 90261 (484,00 Kč).',
    );
  });

  it("speaks the e-shop's first locale to an order in a locale the e-shop does not have", () => {
    const { locale, text } = eshopTexts({ ...eshop, locales: ['cs'] }, 'de');
    expect(locale).toBe('cs');
    expect(text('email.invoice')).toBe('Daňový doklad');
  });
});
