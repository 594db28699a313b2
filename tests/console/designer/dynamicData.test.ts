import { dynamicValueAt, placeholderOptions, sampleDynamicData } from '../../../src/designer/dynamicData';

const schema = {
  type: ['object', 'null'],
  properties: {
    name: { type: 'string', title: 'Name', examples: ['Jane'] },
    points: { type: 'integer', default: 120 },
    validUntil: { type: 'string', format: 'date-time' },
    customer: { type: 'object', properties: { tier: { type: 'string', enum: ['gold', 'silver'] } } },
    'not a name': { type: 'string' },
  },
};

describe('dynamic data in the designer', () => {
  it('offers the properties as typed placeholders, nested ones dotted', () => {
    expect(placeholderOptions(schema)).toEqual([
      { name: 'name', type: 'string', title: 'Name' },
      { name: 'points', type: 'number' },
      { name: 'validUntil', type: 'date' },
      { name: 'customer.tier', type: 'string' },
    ]);
  });

  it('takes sample data from defaults and examples', () => {
    const sample = sampleDynamicData(schema);
    expect(sample).toEqual({ name: 'Jane', points: 120, customer: { tier: 'gold' } });
    expect(dynamicValueAt(sample, 'customer.tier')).toBe('gold');
    expect(dynamicValueAt(sample, 'validUntil')).toBeUndefined();
  });

  it('offers nothing for a schema without properties', () => {
    expect(placeholderOptions({ type: 'object' })).toEqual([]);
    expect(sampleDynamicData(null)).toEqual({});
  });
});
