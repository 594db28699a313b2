import { useMemo, type ReactNode } from 'react';
import { I18nContext, useI18nProvider, type I18nProvider } from 'react-admin';
import { textAt, type TextTables } from './useTextTable';

/**
 * Gives the screen inside it its own texts (keys under `prefix`) through react-admin's own translate, so that its
 * components call useTranslate as anywhere else while the texts load with the screen's chunk, not the console's
 * first load. A text the console's tables hold still wins; the screen's text is the default (`_`) even where a
 * caller gave its own, as useNotifyResult does; Czech falls back to English key by key.
 *
 * @example <ScreenTexts tables={designerMessages} prefix="app.designer"><DesignerLayout /></ScreenTexts>
 */
export const ScreenTexts = ({
  tables,
  prefix,
  children,
}: {
  tables: TextTables;
  prefix: string;
  children: ReactNode;
}) => {
  const outer = useI18nProvider();
  const value = useMemo<I18nProvider>(
    () => ({
      ...outer,
      translate: (key, options) => {
        if (!key.startsWith(`${prefix}.`)) return outer.translate(key, options);
        const own = key.slice(prefix.length + 1);
        const table = outer.getLocale() === 'cs' ? tables.cs : tables.en;
        const text = textAt(table, own) ?? textAt(tables.en, own);
        return outer.translate(key, text === undefined ? options : { ...options, _: text });
      },
    }),
    [outer, tables, prefix],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
};
