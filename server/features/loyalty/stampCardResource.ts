import { stampCardResource, type StampCard } from '../../../domain/schemas/stampCard';
import type { StampCardRow } from '../../kernel/db/tables';
import type { ResourceDefinition } from '../../kernel/engine/resourceDefinition';

/** Stamp cards as the server serves them: the declaration alone. */
export const stampCardDefinition: ResourceDefinition<StampCardRow, StampCard> = {
  descriptor: stampCardResource,
};
