import { BooleanField, Datagrid, ReferenceManyField, TextField } from 'react-admin';
import { DateTimeField } from '../../common/DateTimeField';
import { EntryResultField } from '../ticketEntries/EntryResultField';
import { ENTRY_RESOURCE } from '../ticketEntries/entryResults';

/**
 * Every scan of the item at the gates, newest first: when, the result (a chip), entries left, who scanned by name,
 * gate and whether offline.
 */
export const OrderItemEntriesTab = () => (
  <ReferenceManyField
    reference={ENTRY_RESOURCE}
    target="orderItemId"
    perPage={100}
    sort={{ field: 'at', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>—</span>}>
      <DateTimeField source="at" sortable={false} />
      <EntryResultField source="result" />
      <TextField source="entriesLeft" sortable={false} emptyText="—" />
      <TextField source="userName" sortable={false} emptyText="—" />
      <TextField source="gate" sortable={false} emptyText="—" />
      <BooleanField source="offline" sortable={false} />
    </Datagrid>
  </ReferenceManyField>
);
