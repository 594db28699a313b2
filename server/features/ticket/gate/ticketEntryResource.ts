import { ticketEntryResource } from '../../../../domain/schemas/ticketEntry';
import type { ResourceDefinition } from '../../../kernel/engine/resourceDefinition';
import { entryNamesColumns } from './entryRepository';

/** Gate entries: read with TICKET_ENTRY on the project, with the names of who scanned, the e-shop and the ticket. */
export const ticketEntryDefinition: ResourceDefinition = {
  descriptor: ticketEntryResource,
  computedColumns: entryNamesColumns,
  derivedFields: ['userName', 'eshopName', 'productName', 'itemNumber'],
};
