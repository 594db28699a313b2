import type { ProductPeriod } from '../../../../domain/schemas/product';

const DAY = 24 * 60 * 60 * 1000;

/**
 * When a sold item is valid: from the sale for daysMaximalValidity days, or the product's fixed interval.
 *
 * @example itemValidity({ periodType: 'days', daysMaximalValidity: 30 }, now) // { validFrom: now, validTo: now + 30 days }
 */
export function itemValidity(period: ProductPeriod, soldAt: Date): { validFrom: Date; validTo: Date | null } {
  if (period.periodType === 'interval') {
    return {
      validFrom: period.intervalFrom ? new Date(period.intervalFrom) : soldAt,
      validTo: period.intervalTo ? new Date(period.intervalTo) : null,
    };
  }
  const days = period.daysMaximalValidity ?? 1;
  return { validFrom: soldAt, validTo: new Date(soldAt.getTime() + days * DAY) };
}
