import { LANGUAGES } from '../../domain/template/languages';

/** The languages (ISO 639-1) as choices, by English name with the code, as some names repeat: "Czech (cs)". */
export const languageChoices: { id: string; name: string }[] = Object.entries(LANGUAGES)
  .map(([id, name]) => ({ id, name: `${name} (${id})` }))
  .sort((a, b) => a.name.localeCompare(b.name));
