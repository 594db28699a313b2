import { isPaid } from '../../domain/ticket/paymentStates';

describe('isPaid', () => {
  it('is true for a paid order only: an invoice, tickets and the email are for it alone', () => {
    expect(isPaid({ paymentState: 'paid' })).toBe(true);
    expect(isPaid({ paymentState: 'pending' })).toBe(false);
    expect(isPaid({ paymentState: 'canceled' })).toBe(false);
    expect(isPaid({})).toBe(false);
    expect(isPaid(null)).toBe(false);
    expect(isPaid(undefined)).toBe(false);
  });
});
