import { ENTRY_RESULTS, type EntryResult } from '../../../domain/schemas/ticketEntry';

export const ENTRY_RESOURCE = 'ticket/ticketEntry';

/** The results as a select's choices, by their translated names (Accepted, Already used, …). */
export const RESULT_CHOICES = ENTRY_RESULTS.map((result) => ({
  id: result,
  name: `app.gate.entryResult.${result}`,
}));

/** A result's chip colour: the ticket let in green, every refusal red. */
export const resultColor = (result: EntryResult) => (result === 'accepted' ? 'success' : 'error');
