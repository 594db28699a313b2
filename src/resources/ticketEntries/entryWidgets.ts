import type { Widgets } from '../../common/generated/widgets';
import { EntryResultField } from './EntryResultField';
import { GateEshopInput } from './GateEshopInput';
import { ItemNumberField } from './ItemNumberField';

/** The gate entries' own pieces: the result's chip, the item number's link, the e-shop filter by name. */
export const entryWidgets: Widgets = {
  fields: { entryResult: EntryResultField, itemNumber: ItemNumberField, gateEshop: GateEshopInput },
};
