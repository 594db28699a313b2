import type { ImageType } from '../../../domain/template/limits';
import type { TemplateImages } from '../DesignerContext';
import { FALLBACK_LANGUAGE } from './displayValue';

/**
 * The public address of a template image in the preview language: a translated image gives the language's
 * own, else English, else the first; undefined when the template has no image of the type.
 *
 * @example previewImageUrl({ logo: { en: 'a1…', cs: 'b2…' } }, 'logo', 'cs', '/p') // '/p/image/b2…'
 */
export function previewImageUrl(
  images: TemplateImages,
  type: ImageType,
  language: string,
  passBase: string,
): string | undefined {
  const image = images[type];
  const imageId =
    typeof image === 'string'
      ? image
      : image
        ? (image[language] ?? image[FALLBACK_LANGUAGE] ?? Object.values(image)[0])
        : undefined;
  return imageId ? `${passBase}/image/${imageId}` : undefined;
}
