import { DateField, useLocaleState } from 'react-admin';

/**
 * A date and time written the way the console's language writes them. `sortable` is read by the list's header
 * (react-admin's Datagrid reads its columns' props).
 */
export const DateTimeField = ({ source, label }: { source: string; label?: string; sortable?: boolean }) => {
  const [locale] = useLocaleState();
  return <DateField source={source} label={label} showTime locales={locale} />;
};
