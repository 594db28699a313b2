import { percentToRate, ratePercent, rateToPercent } from '../../domain/percent';
import { vatOutOfRange } from '../../domain/ticket/vat';

describe('a rate (VAT) as a fraction and as a percentage', () => {
  it('gives the percentage of a stored rate without float noise', () => {
    expect(ratePercent(0.21)).toBe(21);
    expect(ratePercent(0.1234)).toBe(12.34);
    expect(rateToPercent(0.07)).toBe('7');
    expect(rateToPercent(null)).toBe('');
    expect(rateToPercent(Number.NaN)).toBe('');
  });

  it('gives the rate of a typed percentage; an empty input none, a text that is no number as typed', () => {
    expect(percentToRate(21)).toBe(0.21);
    expect(percentToRate('12,5')).toBe(0.125);
    expect(percentToRate('')).toBeNull();
    expect(percentToRate('abc')).toBe('abc');
  });

  it('says a rate outside 0–100 % is out of range, and leaves what is no number to the schema', () => {
    expect(vatOutOfRange(1.2)).toBe(true);
    expect(vatOutOfRange(-0.01)).toBe(true);
    expect(vatOutOfRange(1)).toBe(false);
    expect(vatOutOfRange('x')).toBe(false);
  });
});
