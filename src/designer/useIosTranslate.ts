import { useTextTable } from '../i18n/useTextTable';
import { iosMessages } from './iosMessages';

/**
 * Translates the designer's iOS 18–27 texts (iosMessages, key under app.designer.ios) in the console's language,
 * with react-admin's translate and its %{interpolation}: the table is the default text, so that the texts load
 * with the designer and a translation the console's own tables hold would still win.
 *
 * @example const translate = useIosTranslate(); translate('seats.seat', { number: 2 }) // 'Seat 2'
 */
export function useIosTranslate(): (key: string, options?: Record<string, unknown>) => string {
  return useTextTable(iosMessages, 'app.designer.ios');
}
