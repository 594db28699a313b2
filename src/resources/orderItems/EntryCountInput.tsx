import { Box, TextField as MuiTextField } from '@mui/material';
import { SelectInput, useCanAccess, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import { OrderItemLinks } from './OrderItemLinks';
import { entryCountChoices } from './orderItemRights';

/**
 * The used entry count of an item: 0..max entries, max read-only beside it, and the pass's link; disabled with the
 * reason for a viewer who may not change the item (the server asks TICKET_ENTRY on the item's project).
 */
export const EntryCountInput = () => {
  const item = useRecordContext<OrderItem>();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'update', record: item });
  const maxEntries = item?.product.maxEntries ?? 1;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <SelectInput
        source="entryCount"
        choices={entryCountChoices(maxEntries)}
        isRequired
        disabled={canAccess !== true}
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
  );
};
