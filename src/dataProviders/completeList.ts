import { BULK_PAGE_SIZE } from '../constants';

/**
 * Reads every page of a list, 1000 rows at a time, until a page returns fewer than 1000.
 *
 * `onPage` hears how many rows have been read after each page (an export shows its progress).
 *
 * @example await fetchCompleteList((page) => fetchProjects({ page, limit: 1000, count: false }))
 */
export async function fetchCompleteList<T>(
  fetchPage: (page: number, limit: number) => Promise<T[]>,
  onPage?: (rowsRead: number) => void,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const batch = await fetchPage(page, BULK_PAGE_SIZE);
    rows.push(...batch);
    onPage?.(rows.length);
    if (batch.length < BULK_PAGE_SIZE) return rows;
  }
}
