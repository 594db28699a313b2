import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A size in bytes as people read it, in steps of 1024 from Bytes up to YB, at most two decimals; the word for
 * bytes and the decimal mark follow the viewer's language when given.
 *
 * @example formatFileSize(1536) // '1.5 KB'; formatFileSize(1536, { locale: 'cs', bytes: 'bajtů' }) // '1,5 KB'
 */
export function formatFileSize(size: number, words: { locale?: string; bytes?: string } = {}): string {
  const { locale = 'en', bytes = UNITS[0] } = words;
  if (!Number.isFinite(size) || size <= 0) return `0 ${bytes}`;
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(size) / Math.log(1024)));
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(
    size / 1024 ** unit,
  );
  return `${value} ${unit === 0 ? bytes : UNITS[unit]}`;
}

/** formatFileSize in the viewer's language. @example const fileSize = useFileSize(); fileSize(2048) // '2 KB' */
export function useFileSize() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (size: number) => formatFileSize(size, { locale, bytes: translate('app.image.bytes') }),
    [locale, translate],
  );
}
