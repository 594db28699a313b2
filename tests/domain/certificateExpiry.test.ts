import { certificateExpiryState, warningThresholdAt } from '../../domain/certificateExpiry';

const NOW = new Date('2026-11-29T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

describe("a certificate's expiry", () => {
  it('is valid beyond 30 days, expiring within them (days rounded up), expired at and after its end', () => {
    expect(certificateExpiryState(inDays(31), NOW)).toEqual({ state: 'valid', days: 31 });
    expect(certificateExpiryState(inDays(30), NOW)).toEqual({ state: 'expiring', days: 30 });
    expect(certificateExpiryState(inDays(0.5), NOW)).toEqual({ state: 'expiring', days: 1 });
    expect(certificateExpiryState(NOW, NOW)).toEqual({ state: 'expired', days: 0 });
    expect(certificateExpiryState(inDays(-3).toISOString(), NOW)).toEqual({ state: 'expired', days: 0 });
    expect(certificateExpiryState(null, NOW)).toEqual({ state: 'none' });
    expect(certificateExpiryState('not a date', NOW)).toEqual({ state: 'none' });
  });

  it('is warned at the smallest of 30, 7 and 1 days not above the days left, and at 0 once expired', () => {
    expect(warningThresholdAt(inDays(40), NOW)).toBeUndefined();
    expect(warningThresholdAt(inDays(30), NOW)).toBe(30);
    expect(warningThresholdAt(inDays(8), NOW)).toBe(30);
    expect(warningThresholdAt(inDays(7), NOW)).toBe(7);
    expect(warningThresholdAt(inDays(2), NOW)).toBe(7);
    expect(warningThresholdAt(inDays(1), NOW)).toBe(1);
    expect(warningThresholdAt(inDays(0.1), NOW)).toBe(1);
    expect(warningThresholdAt(inDays(-1), NOW)).toBe(0);
  });
});
