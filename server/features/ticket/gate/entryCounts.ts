/**
 * The dynamic data of a ticket's pass that tells its entries: a pass gets them when it is issued and after every
 * entry counted, so that a template's `#{entries}` (or the back field the pass gets, server/features/passes/pkpass/entriesField)
 * always has a value.
 *
 * @example entryCounts(1, 2) // { entryCount: 1, maxEntries: 2, entriesLeft: 1, entries: '1/2' }
 */
export const entryCounts = (entryCount: number, maxEntries: number) => ({
  entryCount,
  maxEntries,
  entriesLeft: maxEntries - entryCount,
  entries: `${entryCount}/${maxEntries}`,
});
