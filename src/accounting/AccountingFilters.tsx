import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Eshop } from '../../domain/schemas/eshop';

export interface AccountingFilter {
  from: string;
  to: string;
  eshopId: string;
}

/** The accounting's date range (local days) and, optionally, one e-shop. */
export const AccountingFilters = ({
  value,
  eshops,
  onChange,
}: {
  value: AccountingFilter;
  eshops: readonly Eshop[];
  onChange: (next: AccountingFilter) => void;
}) => {
  const translate = useTranslate();
  const day = (field: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      label={translate(`app.ticket.accounting.${field}`)}
      value={value[field]}
      onChange={(event) => event.target.value && onChange({ ...value, [field]: event.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 180 }}
    />
  );
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', py: 1 }}>
      {day('from')}
      {day('to')}
      <TextField
        select
        size="small"
        label={translate('app.ticket.accounting.eshop')}
        value={value.eshopId}
        onChange={(event) => onChange({ ...value, eshopId: event.target.value })}
        sx={{ width: 240 }}
      >
        <MenuItem value="">{translate('app.ticket.accounting.allEshops')}</MenuItem>
        {eshops.map((eshop) => (
          <MenuItem key={eshop.id} value={eshop.id}>
            {eshop.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};
