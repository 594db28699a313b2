import { DateField, useLocaleState } from 'react-admin';

/** A date and time written the way the console's language writes them. */
export const DateTimeField = ({ source, label }: { source: string; label?: string }) => {
  const [locale] = useLocaleState();
  return <DateField source={source} label={label} showTime locales={locale} />;
};
