import type { Db } from '../../../kernel/db/database';
import type { TemplateRow } from '../../../kernel/db/tables';
import { mergePatch } from '../../../kernel/engine/mergePatch';
import { dynamicDataProblems } from '../dynamicDataValidator';
import { columnOfPath, type ImportHeader, type PreparedRow } from './importRows';
import { passImportRepository } from './passImportRepository';

/**
 * Checks a chunk of prepared rows as the pass API will: a row naming a pass (`id`) must name a live pass of this
 * template (another template's or project's pass is an error, never touched) and its dynamic data merged into the
 * pass's must match the schema; a new pass's dynamic data must match it alone. Each problem becomes an error of its
 * row, at its column when the file has it.
 *
 * @example await checkRows(db, template, header, rows)
 */
export async function checkRows(
  db: Db,
  template: TemplateRow,
  header: ImportHeader,
  rows: PreparedRow[],
): Promise<void> {
  const ids = [...new Set(rows.flatMap((row) => (row.id && row.errors.length === 0 ? [row.id] : [])))];
  const passes = new Map((await passImportRepository.livePasses(db, ids)).map((pass) => [pass.id, pass]));
  for (const row of rows) {
    if (row.errors.length) continue;
    let dynamicData: unknown = row.dynamicData;
    if (row.id) {
      const pass = passes.get(row.id);
      if (!pass || pass.templateId !== template.id || pass.projectId !== template.projectId) {
        row.errors.push({
          row: row.row,
          column: 'id',
          message: `No pass ${row.id} of this template was found.`,
        });
        continue;
      }
      dynamicData = mergePatch(pass.dynamicData ?? {}, row.dynamicData);
    }
    for (const problem of dynamicDataProblems(template, dynamicData))
      row.errors.push({
        row: row.row,
        column: columnOfPath(header.names, problem.path),
        message: problem.message,
      });
  }
}
