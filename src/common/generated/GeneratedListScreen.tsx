import type { ResourceDescriptor } from '../../../domain/resource';
import { GeneratedList } from './GeneratedList';

/** A resource's generated list, in a chunk without the item and New pages' forms. */
export const GeneratedListScreen = ({ descriptor }: { descriptor: ResourceDescriptor }) => (
  <GeneratedList descriptor={descriptor} />
);
