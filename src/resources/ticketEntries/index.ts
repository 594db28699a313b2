import { ticketEntryResource } from '../../../domain/schemas/ticketEntry';
import { lazyScreen } from '../../common/lazyScreen';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { menuIconOf } from '../../layout/resourceMenu';

const EntryList = lazyScreen(
  () => import('./EntryList'),
  (module) => module.EntryList,
);
const EntryShow = lazyScreen(
  () => import('./EntryShow'),
  (module) => module.EntryShow,
);

/** Gate entries, read-only (recorded by the gate, never written): a list and an entry's page of their own. */
export default {
  list: EntryList,
  edit: EntryShow,
  icon: menuIconOf(ticketEntryResource),
  recordRepresentation: recordRepresentationOf(ticketEntryResource.route),
};
