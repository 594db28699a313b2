import { STOREFRONT_PREFIX, storefrontPath } from '../../domain/ticket/storefrontPath';

describe('the storefront of an e-shop', () => {
  it('is under /shop, its id encoded', () => {
    expect(STOREFRONT_PREFIX).toBe('/shop');
    expect(storefrontPath('6f1c2d4e-8a3b-4c5d-9e7f-0a1b2c3d4e5f')).toBe(
      '/shop/6f1c2d4e-8a3b-4c5d-9e7f-0a1b2c3d4e5f',
    );
    expect(storefrontPath('a/b c')).toBe('/shop/a%2Fb%20c');
  });
});
