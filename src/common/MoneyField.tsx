import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DEFAULT_CURRENCY } from '../../domain/template/currencies';
import { useFormatMoney } from './useFormatMoney';

interface MoneyFieldProps {
  source: string;
  /** the currency when the record has none of its own (`currency`), e.g. an order item's order's */
  currency?: string;
  label?: string;
  sortable?: boolean;
}

function MoneyFieldView({ source, currency }: MoneyFieldProps) {
  const record = useRecordContext<Record<string, unknown>>();
  const money = useFormatMoney();
  const value = record?.[source];
  if (value === null || value === undefined || value === '') return null;
  const own = typeof record?.currency === 'string' && record.currency ? record.currency : undefined;
  return (
    <Typography component="span" variant="body2">
      {money(Number(value), own ?? currency ?? DEFAULT_CURRENCY)}
    </Typography>
  );
}

/**
 * An amount of the record in its currency (the record's `currency`, else the one given, else CZK), written as the
 * console's language writes money; right-aligned in a list, as numbers are.
 *
 * @example <MoneyField source="totalWithVat" />
 */
export const MoneyField = Object.assign(MoneyFieldView, { textAlign: 'right' as const });
