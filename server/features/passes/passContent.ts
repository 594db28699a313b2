import type { ImageType } from '../../../domain/template/limits';
import type { PassRow, TemplateRow } from '../../kernel/db/tables';
import type { Problem } from './pkpass/problems';
import { chooseImages, imagesInLanguage } from './pkpass/passImages';
import { buildPassJson, languagesOf, translated } from './pkpass/passJson';

/** A pass as Apple Wallet shows it in one language: its pass.json and the ids of its images. */
export interface PassContent {
  passJson: Record<string, unknown>;
  /** image type → image id (the pass's own over the template's, translated ones in their language) */
  images: Partial<Record<ImageType, string>>;
  /** placeholders without value nor fallback, values of the wrong type: the pass cannot be shown */
  errors: Problem[];
}

/**
 * What another wallet (Google Wallet) shows of a pass: the same resolved pass.json as its Apple pass, texts in one
 * language (the template's translations applied), and its images. The template's languages, first the main one.
 *
 * @example const { languages, contentIn } = passContent(template, pass); contentIn(languages[0]).passJson.semantics
 */
export function passContent(template: TemplateRow, pass: PassRow) {
  const languages = languagesOf(template);
  const chosen = chooseImages(template.images, pass.dynamicImages, languages);
  const resolved = new Map<string, PassContent>();
  const contentIn = (language: string): PassContent => {
    let content = resolved.get(language);
    if (!content) {
      const input = { pass, template, certificate: undefined, webServiceUrl: '' };
      const built = buildPassJson(input, { kind: 'language', language });
      content = {
        passJson: translated(template, language, built.passJson),
        images: imagesInLanguage(chosen, language),
        errors: built.errors,
      };
      resolved.set(language, content);
    }
    return content;
  };
  return { languages, contentIn };
}
