import { sql } from 'kysely';
import { ticketEntryResource } from '../../../../domain/schemas/ticketEntry';
import type { ResourceDefinition } from '../../../kernel/engine/resourceDefinition';

/**
 * The names a reader of an entry needs, read with the row: gate staff may read entries but not the users,
 * e-shops or (all of) the order items they name. The e-shop and item are looked up in the entry's project only.
 */
const namesColumns = sql`
  (select "user"."displayName" from "user" where "user"."id" = "ticketEntry"."userId") as "userName",
  (select "eshop"."name" from "eshop"
    where "eshop"."id" = "ticketEntry"."eshopId" and "eshop"."projectId" = "ticketEntry"."projectId") as "eshopName",
  (select "orderItem"."productName" from "orderItem"
    where "orderItem"."id" = "ticketEntry"."orderItemId"
      and "orderItem"."projectId" = "ticketEntry"."projectId") as "productName",
  (select "orderItem"."itemNumber" from "orderItem"
    where "orderItem"."id" = "ticketEntry"."orderItemId"
      and "orderItem"."projectId" = "ticketEntry"."projectId") as "itemNumber"`;

/** Gate entries: read with TICKET_ENTRY on the project, with the names of who scanned, the e-shop and the ticket. */
export const ticketEntryDefinition: ResourceDefinition = {
  descriptor: ticketEntryResource,
  computedColumns: namesColumns,
  derivedFields: ['userName', 'eshopName', 'productName', 'itemNumber'],
};
