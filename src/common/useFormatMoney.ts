import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { formatMoney } from '../../domain/ticket/money';

/**
 * Money written as the console's language writes it, in the currency given (one format for every ticket screen).
 *
 * @example const money = useFormatMoney(); money(484, 'CZK') // '484,00 Kč' in Czech, 'CZK 484.00' in English
 */
export function useFormatMoney(): (amount: number, currency: string) => string {
  const [locale] = useLocaleState();
  return useCallback((amount, currency) => formatMoney(amount, currency, locale), [locale]);
}
