import type { MaintenanceTask } from '../../../kernel/maintenance';
import { announcePassChangesEnd } from '../passChanges';
import { passImportRepository } from './passImportRepository';

const HOUR = 3600 * 1000;
/** An import with no progress for this long has lost its job (each chunk of 500 rows moves it). */
const STALLED_AFTER_MS = 6 * HOUR;
/** How long an ended import's progress and result file stay readable. */
const KEPT_MS = 30 * 24 * HOUR;

/**
 * Imports of passes end and go: one whose job stopped for good (no progress for 6 hours) is marked failed, saying
 * so, its uploaded file removed and its push campaign closed; ended imports are deleted with their result lines after 30 days, so the
 * tables' growth is bounded.
 */
export const passImportRetention: MaintenanceTask = {
  name: 'pass imports',
  async run(context, now) {
    const stalled = await passImportRepository.failStalled(
      context.db,
      new Date(now.getTime() - STALLED_AFTER_MS),
      'The import stopped before its end; start it again with the rows not imported (see the result file).',
    );
    for (const { id, templateId, userId, fileKey } of stalled) {
      await context.storage.remove(fileKey);
      // its push campaign, if any, ends once the chunks queued are sent
      await announcePassChangesEnd(context, {
        cause: 'import',
        importId: id,
        templateId,
        createdBy: userId,
      });
    }
    return (
      stalled.length +
      (await passImportRepository.deleteEndedBefore(context.db, new Date(now.getTime() - KEPT_MS)))
    );
  },
};
