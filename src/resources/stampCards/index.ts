import { stampCardResource } from '../../../domain/schemas/stampCard';
import { resourceViews } from '../../common/generated/resourceViews';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { menuIconOf } from '../../layout/resourceMenu';
import { lazyScreen } from '../../common/lazyScreen';

const StampCardEdit = lazyScreen(
  () => import('./StampCardEdit'),
  (module) => module.StampCardEdit,
);

/** Stamp cards: the generated screens, the item page with the card's stamps below its form. */
export default {
  ...resourceViews(stampCardResource, { edit: StampCardEdit }),
  icon: menuIconOf(stampCardResource),
  recordRepresentation: recordRepresentationOf(stampCardResource.route),
};
