/** The days before a certificate's expiration at which its managers are warned (banner from the first). */
export const EXPIRY_WARNING_DAYS = [30, 7, 1] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a certificate stands at `now`: `valid`, `expiring` (within 30 days; `days` left, rounded up) or `expired`;
 * `none` while no certificate file was uploaded (no expiration known).
 *
 * @example certificateExpiryState('2026-12-01T00:00:00Z', new Date('2026-11-29T00:00:00Z')) // { state: 'expiring', days: 2 }
 */
export function certificateExpiryState(
  expiration: string | Date | null | undefined,
  now: Date = new Date(),
): { state: 'none' } | { state: 'valid' | 'expiring' | 'expired'; days: number } {
  if (expiration === null || expiration === undefined) return { state: 'none' };
  const end = new Date(expiration).getTime();
  if (Number.isNaN(end)) return { state: 'none' };
  const left = end - now.getTime();
  const days = Math.ceil(left / DAY_MS);
  if (left <= 0) return { state: 'expired', days: 0 };
  return { state: days <= EXPIRY_WARNING_DAYS[0] ? 'expiring' : 'valid', days };
}

/**
 * The warning threshold due at `now`: the smallest of 30, 7, 1 days not above the days left, 0 once expired;
 * undefined while more than 30 days are left.
 *
 * @example warningThresholdAt(expiration, now) // 7 when 5 days are left
 */
export function warningThresholdAt(expiration: string | Date, now: Date): number | undefined {
  const expiry = certificateExpiryState(expiration, now);
  if (expiry.state === 'expired') return 0;
  if (expiry.state !== 'expiring') return undefined;
  return [...EXPIRY_WARNING_DAYS].reverse().find((threshold) => expiry.days <= threshold);
}
