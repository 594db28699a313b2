import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { iosMessages } from './iosMessages';

type Table = { [key: string]: string | Table };

/**
 * The text of a dotted key in a table; undefined when the table has no text there.
 *
 * @example textAt({ a: { b: 'B' } }, 'a.b') // 'B'
 */
export function textAt(table: Table, key: string): string | undefined {
  let node: string | Table | undefined = table;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates the designer's iOS 18–27 texts (iosMessages, key under app.designer.ios) in the console's language,
 * with react-admin's translate and its %{interpolation}: the table is the default text, so that the texts load
 * with the designer and a translation the console's own tables hold would still win.
 *
 * @example const translate = useIosTranslate(); translate('seats.seat', { number: 2 }) // 'Seat 2'
 */
export function useIosTranslate(): (key: string, options?: Record<string, unknown>) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (key: string, options: Record<string, unknown> = {}) => {
      const table = (locale === 'cs' ? iosMessages.cs : iosMessages.en) as Table;
      const text = textAt(table, key) ?? textAt(iosMessages.en as Table, key) ?? key;
      return translate(`app.designer.ios.${key}`, { ...options, _: text });
    },
    [translate, locale],
  );
}
