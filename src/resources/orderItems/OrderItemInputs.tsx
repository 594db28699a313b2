import { Box, TextField as MuiTextField } from '@mui/material';
import { SelectInput, useCanAccess, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { JsonTab } from '../../common/JsonTab';
import { ENTRY_RESOURCE } from '../ticketEntries/entryResults';
import { OrderItemEntriesTab } from './OrderItemEntriesTab';
import { OrderItemLinks } from './OrderItemLinks';
import { entryCountChoices } from './orderItemRights';

/**
 * An order item's tabs: the used entry count (0..max entries, max read-only; disabled with the reason for a viewer
 * who may not change the item), its scans at the gates, the raw item, admins' JSON.
 */
export const OrderItemInputs = ({ isAdmin }: { isAdmin: boolean }) => {
  const item = useRecordContext<OrderItem>();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  // the rule the server asks on saving (TICKET_ENTRY on the item's project), as the list asks it
  const { canAccess } = useCanAccess({ resource, action: 'update', record: item });
  const canUpdate = canAccess === true;
  const { canAccess: readsEntries } = useCanAccess({
    resource: ENTRY_RESOURCE,
    action: 'list',
    record: item,
  });
  const maxEntries = item?.product.maxEntries ?? 1;
  const label = (tab: string) => translate(`app.ticket.tab.${tab}`);
  const tabs: FormTab[] = [
    {
      key: 'edit',
      label: label('edit'),
      content: (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <SelectInput
            source="entryCount"
            choices={entryCountChoices(maxEntries)}
            isRequired
            disabled={!canUpdate}
            helperText={canAccess === false ? 'app.ticket.orderItem.entryCountLocked' : undefined}
          />
          <MuiTextField
            label={translate('app.ticket.orderItem.maxEntries')}
            value={maxEntries}
            size="small"
            slotProps={{ input: { readOnly: true } }}
          />
          <OrderItemLinks withItem={false} />
        </Box>
      ),
    },
    {
      key: 'raw',
      label: label('raw'),
      content: (
        <Box component="pre" sx={{ fontSize: 13, m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(item, null, 2)}
        </Box>
      ),
    },
  ];
  if (readsEntries === true)
    tabs.splice(1, 0, { key: 'entries', label: label('entries'), content: <OrderItemEntriesTab /> });
  if (isAdmin) tabs.push({ key: 'json', label: label('json'), content: <JsonTab label={label('json')} /> });
  return <FormTabs tabs={tabs} />;
};
