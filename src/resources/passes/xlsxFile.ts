/**
 * Writes rows as a one-sheet spreadsheet and hands it to the browser as a download. xlsx is loaded only
 * when an export runs (it is large), and only its writing part is used.
 *
 * @example await writeXlsx([{ id: '1' }], ['id'], 'export_passes_2026.xlsx')
 */
export async function writeXlsx(
  rows: ReadonlyArray<Record<string, unknown>>,
  columns: readonly string[],
  fileName: string,
): Promise<void> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.json_to_sheet([...rows], { header: [...columns] });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'export');
  XLSX.writeFile(book, fileName, { compression: true });
}
