import { useLocaleState } from 'react-admin';
import { textIn } from '../../../domain/problem';
import { messages } from '../../../domain/template/rules';

/**
 * The template rules' words for an empty value and an empty fallback, in the console's language: an input says them
 * at once, before the template's validation says the same (one source: domain/template/rules).
 *
 * @example const { fillValue } = useRuleMessages() // 'Vyplňte prosím hodnotu' in Czech
 */
export function useRuleMessages(): { fillValue: string; fallbackEmpty: string } {
  const [language] = useLocaleState();
  return {
    fillValue: textIn(messages.fillValue, language),
    fallbackEmpty: textIn(messages.fallbackEmpty, language),
  };
}
