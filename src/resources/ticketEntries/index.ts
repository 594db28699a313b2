import { ticketEntryResource } from '../../../domain/schemas/ticketEntry';
import { lazyScreen } from '../../common/lazyScreen';
import { resourceViews } from '../../common/generated/resourceViews';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { menuIconOf } from '../../layout/resourceMenu';

const EntryList = lazyScreen(
  () => import('./EntryList'),
  (module) => module.EntryList,
);

/** Gate entries: a list of their own; the entry page is the generated one (entries are never written). */
export default {
  ...resourceViews(ticketEntryResource, { list: EntryList }),
  icon: menuIconOf(ticketEntryResource),
  recordRepresentation: recordRepresentationOf(ticketEntryResource.route),
};
