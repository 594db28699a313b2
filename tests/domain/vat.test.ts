import { percentToVat, vatOutOfRange, vatPercent, vatToPercent } from '../../domain/ticket/vat';

describe('VAT as a rate and as a percentage', () => {
  it('gives the percentage of a stored rate without float noise', () => {
    expect(vatPercent(0.21)).toBe(21);
    expect(vatPercent(0.1234)).toBe(12.34);
    expect(vatToPercent(0.07)).toBe('7');
    expect(vatToPercent(null)).toBe('');
    expect(vatToPercent(Number.NaN)).toBe('');
  });

  it('gives the rate of a typed percentage; an empty input none, a text that is no number as typed', () => {
    expect(percentToVat(21)).toBe(0.21);
    expect(percentToVat('12,5')).toBe(0.125);
    expect(percentToVat('')).toBeNull();
    expect(percentToVat('abc')).toBe('abc');
  });

  it('says a rate outside 0–100 % is out of range, and leaves what is no number to the schema', () => {
    expect(vatOutOfRange(1.2)).toBe(true);
    expect(vatOutOfRange(-0.01)).toBe(true);
    expect(vatOutOfRange(1)).toBe(false);
    expect(vatOutOfRange('x')).toBe(false);
  });
});
