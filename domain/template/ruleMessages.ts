import type { Localized } from '../problem';
import { languageLabel } from './languages';

/** A language's name in Czech ("němčina"), from the platform's own names; its code where it has none. */
function czechLanguageName(code: string): string {
  try {
    return new Intl.DisplayNames(['cs'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The words of the template rules, shared by the server and the designer. */
export const messages = {
  fillValue: { en: 'Please fill value', cs: 'Vyplňte prosím hodnotu' },
  missingTranslation: (language: string): Localized => ({
    en: `Missing translation for ${languageLabel(language)}`,
    cs: `Chybí překlad: ${czechLanguageName(language)}`,
  }),
  fallbackEmpty: { en: 'Fallback value cannot be empty', cs: 'Náhradní hodnota nesmí být prázdná' },
  fallbackNotColor: {
    en: 'Fallback is not valid color in rgb format',
    cs: 'Náhradní hodnota není platná barva ve formátu rgb',
  },
  fallbackInvalid: { en: 'Fallback is not valid', cs: 'Náhradní hodnota není platná' },
  incorrectValue: { en: 'Please enter a correct value', cs: 'Zadejte správnou hodnotu' },
  invalidLink: { en: 'Text contains invalid link.', cs: 'Text obsahuje neplatný odkaz.' },
  nonValidLink: { en: 'contains non valid link', cs: 'obsahuje neplatný odkaz' },
  invalidPlaceholder: { en: 'Placeholder is not valid', cs: 'Zástupný symbol není platný' },
  wholePlaceholder: {
    en: 'A placeholder of this type must be the whole value, like #{name}',
    cs: 'Zástupný symbol tohoto typu musí tvořit celou hodnotu, například #{name}',
  },
  unsupportedStyle: { en: 'Unsupported pass style', cs: 'Nepodporovaný styl pasu' },
  wrongType: (expected: string): Localized => ({
    en: `must be equal to one of the allowed values: ${expected}`,
    cs: `musí být jedna z povolených hodnot: ${expected}`,
  }),
  keyUsed: (key: string, previous: string): Localized => ({
    en: `Field key "${key}" is already used at ${previous}`,
    cs: `Klíč pole "${key}" už je použit v ${previous}`,
  }),
  tooManyFields: (limit: number): Localized => ({
    en: `must NOT have more than ${limit} items`,
    cs: `smí mít nejvýše ${limit} položek`,
  }),
  sharedRow: (limit: number): Localized => ({
    en: `secondary and auxiliary fields share one row: at most ${limit} together`,
    cs: `vedlejší a doplňková pole sdílejí jeden řádek: dohromady nejvýše ${limit}`,
  }),
  transitTypeRequired: {
    en: "must have required property 'transitType'",
    cs: 'musí mít povinnou vlastnost transitType',
  },
  notAllowed: { en: 'must NOT have additional properties', cs: 'není známé pole' },
} as const satisfies Record<string, Localized | ((...args: never[]) => Localized)>;
