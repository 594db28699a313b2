import { eshopTexts } from '../../domain/ticket/eshopVersions';

describe('an e-shop’s texts', () => {
  const eshop = (eshopVersion: string, messages: Record<string, Record<string, string>> = {}) => ({
    eshopVersion,
    locales: ['cs', 'en'],
    messages,
  });

  it('has the storefront’s texts in Czech and English', () => {
    expect(eshopTexts(eshop('2.0'), 'cs').text('shop.tickets')).toBe('Vstupenky');
    expect(eshopTexts(eshop('2.0'), 'en').text('shop.order.title', { orderNumber: '9026000001' })).toBe(
      'Order 9026000001',
    );
  });

  it('gives an e-shop of an older version the latest version’s text of a key its own lacks', () => {
    expect(eshopTexts(eshop('1.0'), 'cs').text('shop.tickets')).toBe('Vstupenky');
    expect(eshopTexts(eshop('1.0'), 'cs').text('checkout.pay')).toBe('Zaplatit');
  });

  it('puts the e-shop’s own words before the defaults, in its locale only', () => {
    const own = eshop('2.0', { en: { 'shop.tickets': 'Day passes' } });
    expect(eshopTexts(own, 'en').text('shop.tickets')).toBe('Day passes');
    expect(eshopTexts(own, 'cs').text('shop.tickets')).toBe('Vstupenky');
  });

  it('answers the e-shop’s first locale for one it has not, and the key for a text nobody wrote', () => {
    expect(eshopTexts(eshop('2.0'), 'de').locale).toBe('cs');
    expect(eshopTexts(eshop('2.0'), 'en').text('shop.nothing')).toBe('shop.nothing');
  });
});
