import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import type { Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { EntryCountInput } from './EntryCountInput';
import { OrderItemEntriesTab } from './OrderItemEntriesTab';
import { OrderItemLinks } from './OrderItemLinks';

/** Entries used of the most the item allows: `1/3`. */
const EntriesUsed = (_props: { source?: string; sortable?: boolean }) => {
  const item = useRecordContext<OrderItem>();
  return item ? <span>{`${item.entryCount}/${item.product.maxEntries}`}</span> : null;
};

/** The item as the API answered it. */
const RawRecord = () => {
  const item = useRecordContext();
  return (
    <Box component="pre" sx={{ fontSize: 13, m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(item, null, 2)}
    </Box>
  );
};

/** The order items' own pieces: entries used/max, the entry count's input, the gate's scans, raw, the pass link. */
export const orderItemWidgets: Widgets = {
  fields: {
    entriesUsed: EntriesUsed,
    entryCount: EntryCountInput,
    itemEntries: OrderItemEntriesTab,
    rawRecord: RawRecord,
    rawView: RawViewButton,
    passLink: () => <OrderItemLinks withItem={false} />,
  },
};
