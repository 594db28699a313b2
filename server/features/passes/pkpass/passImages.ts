import { IMAGE_TYPES, type ImageType } from '../../../../domain/template/limits';

/** Image ids chosen per slot: for every language (`base`) and, where translated, per language. */
export interface ChosenImages {
  base: Partial<Record<ImageType, string>>;
  perLanguage: Record<string, Partial<Record<ImageType, string>>>;
}

type ImageChoice = string | Record<string, string>;

function choiceOf(images: unknown, type: ImageType): ImageChoice | undefined {
  if (!images || typeof images !== 'object') return undefined;
  const value = (images as Record<string, unknown>)[type];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return value as Record<string, string>;
  return undefined;
}

/**
 * The images of a pass: the pass's dynamic images over the template's, slot by slot. A translated image gives
 * the first language's image as the base (shown where no language matches) and one per language.
 *
 * @example chooseImages(template.images, pass.dynamicImages, ['en', 'cs'])
 */
export function chooseImages(
  templateImages: unknown,
  passImages: unknown,
  languages: readonly string[],
): ChosenImages {
  const chosen: ChosenImages = { base: {}, perLanguage: {} };
  for (const type of IMAGE_TYPES) {
    const choice = choiceOf(passImages, type) ?? choiceOf(templateImages, type);
    if (choice === undefined) continue;
    if (typeof choice === 'string') {
      chosen.base[type] = choice;
      continue;
    }
    const first = choice[languages[0] ?? ''] ?? choice.en ?? Object.values(choice)[0];
    if (first) chosen.base[type] = first;
    for (const [language, id] of Object.entries(choice)) (chosen.perLanguage[language] ??= {})[type] = id;
  }
  return chosen;
}

/** The images in one language: its translated ones over the base. */
export function imagesInLanguage(chosen: ChosenImages, language: string): Partial<Record<ImageType, string>> {
  return { ...chosen.base, ...(chosen.perLanguage[language] ?? {}) };
}
