import { BooleanField, Datagrid, ReferenceManyField, SelectField, TextField } from 'react-admin';
import { ENTRY_RESULTS } from '../../../domain/schemas/ticketEntry';
import { DateTimeField } from '../../common/DateTimeField';

export const ENTRY_RESOURCE = 'ticket/ticketEntry';

export const RESULT_CHOICES = ENTRY_RESULTS.map((result) => ({
  id: result,
  name: `app.gate.entryResult.${result}`,
}));

/** Every scan of the item at the gates, newest first: when, the answer, entries left, gate and whether offline. */
export const OrderItemEntriesTab = () => (
  <ReferenceManyField
    reference={ENTRY_RESOURCE}
    target="orderItemId"
    perPage={100}
    sort={{ field: 'at', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>—</span>}>
      <DateTimeField source="at" />
      <SelectField source="result" choices={RESULT_CHOICES} translateChoice />
      <TextField source="entriesLeft" emptyText="—" />
      <TextField source="gate" emptyText="—" />
      <BooleanField source="offline" />
    </Datagrid>
  </ReferenceManyField>
);
