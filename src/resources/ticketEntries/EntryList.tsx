import {
  BooleanField,
  Datagrid,
  SelectInput,
  TextField,
  useResourceContext,
  useTranslateLabel,
} from 'react-admin';
import { ticketEntryResource } from '../../../domain/schemas/ticketEntry';
import { DateTimeField } from '../../common/DateTimeField';
import { ResourceList } from '../../common/ResourceList';
import { generatedFilters } from '../../common/generated/generatedFilters';
import { EntryResultField } from './EntryResultField';
import { GateEshopInput } from './GateEshopInput';
import { ItemNumberField } from './ItemNumberField';
import { RESULT_CHOICES } from './entryResults';

/** The declaration's filters; the result a select of the translated results, the e-shop one of their names. */
function useEntryFilters() {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  return generatedFilters(ticketEntryResource, (source) => String(translateLabel({ source, resource }))).map(
    (filter) => {
      if (filter.key === 'result')
        return <SelectInput key="result" source="result" choices={RESULT_CHOICES} />;
      if (filter.key === 'eshopId') return <GateEshopInput key="eshopId" source="eshopId" />;
      return filter;
    },
  );
}

/**
 * The gate's entries, newest first: when, the code, the result (a chip), the ticket's product and item number (a
 * link to the item when the viewer may open it), entries left, the e-shop and who scanned by name, gate, offline.
 */
export const EntryList = () => (
  <ResourceList filters={useEntryFilters()}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <DateTimeField source="at" />
      <TextField source="code" sortable={false} />
      <EntryResultField source="result" />
      <TextField source="productName" sortable={false} emptyText="—" />
      <ItemNumberField source="itemNumber" sortable={false} />
      <TextField source="entriesLeft" sortable={false} emptyText="—" />
      <TextField source="eshopName" sortable={false} emptyText="—" />
      <TextField source="userName" sortable={false} emptyText="—" />
      <TextField source="gate" sortable={false} emptyText="—" />
      <BooleanField source="offline" sortable={false} />
    </Datagrid>
  </ResourceList>
);
