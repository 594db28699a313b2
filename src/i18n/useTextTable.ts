import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

export type TextTable = { [key: string]: string | TextTable };

/** A lazily loaded screen's own texts: English, and Czech with the same keys. */
export interface TextTables {
  readonly en: TextTable;
  readonly cs: TextTable;
}

/**
 * The text of a dotted key in a table; undefined when the table has no text there.
 *
 * @example textAt({ a: { b: 'B' } }, 'a.b') // 'B'
 */
export function textAt(table: TextTable, key: string): string | undefined {
  let node: string | TextTable | undefined = table;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a lazily loaded screen's texts (a table of its own, keys under `prefix`) in the console's language, with
 * react-admin's translate and its %{interpolation} and plurals: the table is the default text, so that the texts load
 * with the screen's chunk, not the console's first load, and a translation the console's own tables hold still wins.
 *
 * @example const translate = useTextTable(webhookMessages, 'app.webhook'); translate('redeliver') // 'Redeliver'
 */
export function useTextTable(
  tables: TextTables,
  prefix: string,
): (key: string, options?: Record<string, unknown>) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (key: string, options: Record<string, unknown> = {}) => {
      const table = locale === 'cs' ? tables.cs : tables.en;
      const text = textAt(table, key) ?? textAt(tables.en, key) ?? key;
      return translate(`${prefix}.${key}`, { ...options, _: text });
    },
    [translate, locale, tables, prefix],
  );
}
