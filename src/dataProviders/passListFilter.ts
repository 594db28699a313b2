/** A count filter's choices (spec section 2: devices some/none, downloads some/none) as conditions. */
export const COUNT_CHOICES: Readonly<Record<string, Record<string, number>>> = {
  some: { $gt: 0 },
  none: { $eq: 0 },
};

/** Filter keys of the pass list that choose a count condition, and the field each one filters. */
const COUNT_FILTERS: Readonly<Record<string, string>> = { devices: 'devices.total', downloads: 'downloads' };

/**
 * The pass list's filter values as the API's filter: `devices: 'some'` becomes `devices.total > 0`,
 * `downloads: 'none'` becomes `downloads = 0`; everything else stays.
 *
 * @example passListFilter({ devices: 'none' }) // { 'devices.total': { $eq: 0 } }
 */
export function passListFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    const field = COUNT_FILTERS[key];
    if (!field) result[key] = value;
    else if (typeof value === 'string' && COUNT_CHOICES[value]) result[field] = COUNT_CHOICES[value];
  }
  return result;
}
