import type { MaintenanceTask } from '../maintenance';
import { guessFailureRepository } from './guessFailureRepository';
import { GUESS_LIMITS } from './guessThrottle';

/**
 * Failed guesses are deleted once they leave the guessing limits' window: they count no more. The database's clock
 * decides, as it timed them; the deletes are idempotent, so instances running them together delete the same rows once.
 */
export const guessFailureRetention: MaintenanceTask = {
  name: 'guess failure retention',
  run: (context) => guessFailureRepository.deleteOutsideWindow(context.db, GUESS_LIMITS.windowMs / 1000),
};
