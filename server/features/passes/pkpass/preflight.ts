import {
  FIELD_AREAS,
  PASS_STYLES,
  imageSizeProblems,
  type FieldArea,
  type ImageType,
} from '../../../../domain/template/limits';
import type { ImageRow } from '../../../kernel/db/tables';
import { damagedImageMessage, type StoredImage } from '../images/storedImages';
import type { ChosenImages } from './passImages';
import type { PreflightReport, Problem } from './problems';
import { problemAt, type Localized } from '../../../../domain/problem';
import { asRecord } from './jsonParts';

/** About how many characters of a value fit in an area before Wallet truncates it (a rough guide). */
const AREA_CHARACTERS: Record<FieldArea, number> = {
  headerFields: 12,
  primaryFields: 24,
  secondaryFields: 20,
  auxiliaryFields: 20,
  backFields: Number.POSITIVE_INFINITY,
};
/** The areas as the warnings name them (after "for the" and "pro"). */
const AREA_NAMES: Record<FieldArea, Required<Localized>> = {
  headerFields: { en: 'header', cs: 'záhlaví' },
  primaryFields: { en: 'primary fields', cs: 'hlavní pole' },
  secondaryFields: { en: 'secondary fields', cs: 'vedlejší pole' },
  auxiliaryFields: { en: 'auxiliary fields', cs: 'doplňková pole' },
  backFields: { en: 'back of the pass', cs: 'zadní stranu pasu' },
};

export interface PreflightInput {
  /** pass.json resolved in one language (texts as people will read them) */
  passJson: Record<string, unknown>;
  images: ChosenImages;
  /** live images by id */
  imageRows: Map<string, ImageRow>;
  /** their files, checked, by id */
  imageFiles: Map<string, StoredImage>;
  webServiceUrl: string;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function imageProblems(input: PreflightInput, report: PreflightReport): void {
  const slots: Array<[string, ImageType, string]> = [];
  for (const [type, id] of Object.entries(input.images.base))
    slots.push([`/images/${type}`, type as ImageType, id]);
  for (const [language, images] of Object.entries(input.images.perLanguage))
    for (const [type, id] of Object.entries(images))
      slots.push([`/images/${type}/${language}`, type as ImageType, id]);
  if (!input.images.base.icon)
    report.errors.push(
      problemAt('/images/icon', { en: 'The pass needs an icon image.', cs: 'Pas potřebuje obrázek ikony.' }),
    );
  for (const [path, type, id] of slots) {
    const row = input.imageRows.get(id);
    if (!row) {
      report.errors.push(
        problemAt(path, {
          en: `The ${type} image no longer exists: choose another one.`,
          cs: `Obrázek typu ${type} už neexistuje: vyberte jiný.`,
        }),
      );
      continue;
    }
    for (const problem of imageSizeProblems(type, row.width, row.height))
      report.errors.push(
        problemAt(path, {
          en: `The ${type} image: ${lowerFirst(problem.en)}`,
          cs: `Obrázek typu ${type}: ${lowerFirst(problem.cs ?? problem.en)}`,
        }),
      );
    const file = input.imageFiles.get(id);
    if (file?.state === 'damaged')
      report.errors.push(problemAt(path, damagedImageMessage(type, file.problem)));
    if (file?.state === 'missing')
      report.errors.push(
        problemAt(path, {
          en: `The ${type} image's file is missing: upload it again.`,
          cs: `Soubor obrázku typu ${type} chybí: nahrajte jej znovu.`,
        }),
      );
  }
}

function barcodeProblems(passJson: Record<string, unknown>, report: PreflightReport): void {
  const barcodes = Array.isArray(passJson.barcodes) ? passJson.barcodes.map(asRecord) : [];
  if (barcodes.some((barcode) => barcode.format === 'PKBarcodeFormatCode128'))
    report.warnings.push(
      problemAt('/jsonTemplate/barcodes', {
        en: 'Code 128 barcodes show only on iOS 9 and later; a fallback barcode is added for older devices.',
        cs: 'Čárové kódy Code 128 se zobrazí až v iOS 9 a novějším; pro starší zařízení se přidá náhradní čárový kód.',
      }),
    );
}

function fieldProblems(passJson: Record<string, unknown>, report: PreflightReport): void {
  for (const style of PASS_STYLES) {
    const body = asRecord(passJson[style]);
    for (const area of FIELD_AREAS) {
      const fields = Array.isArray(body[area]) ? (body[area] as unknown[]).map(asRecord) : [];
      fields.forEach((field, index) => {
        const path = `/jsonTemplate/${style}/${area}/${index}`;
        const shown = typeof field.value === 'string' ? field.value : '';
        const limit = AREA_CHARACTERS[area];
        const name = typeof field.label === 'string' && field.label ? field.label : String(field.key ?? '');
        if (shown.length > limit)
          report.warnings.push(
            problemAt(`${path}/value`, {
              en: `'${name}' is too long for the ${AREA_NAMES[area].en} (${shown.length} characters; about ${limit} fit).`,
              cs: `'${name}' je příliš dlouhé pro ${AREA_NAMES[area].cs} (${shown.length} znaků; vejde se jich asi ${limit}).`,
            }),
          );
        if (typeof field.changeMessage === 'string' && !field.changeMessage.includes('%@'))
          report.warnings.push(
            problemAt(`${path}/changeMessage`, {
              en: `The change message of '${String(field.key)}' has no %@ where the new value goes.`,
              cs: `Zpráva o změně pole '${String(field.key)}' nemá %@ na místě nové hodnoty.`,
            }),
          );
      });
    }
  }
}

/**
 * What Apple Wallet would refuse (errors) or show badly (warnings) in a resolved pass: icon, image sizes, damaged
 * or missing image files, barcodes older devices cannot show, texts too long for their area, change messages
 * without %@, a web service not on https.
 *
 * @example const { errors, warnings } = contentPreflight({ passJson, images, imageRows, imageFiles, webServiceUrl })
 */
export function contentPreflight(input: PreflightInput): PreflightReport {
  const report: PreflightReport = { errors: [], warnings: [] };
  imageProblems(input, report);
  barcodeProblems(input.passJson, report);
  fieldProblems(input.passJson, report);
  if (!input.webServiceUrl.startsWith('https://'))
    report.warnings.push(
      problemAt('PUBLIC_URL', {
        en: `The web service address ${input.webServiceUrl} is not https: Apple Wallet accepts only https in production, so passes will not update.`,
        cs: `Adresa webové služby ${input.webServiceUrl} není https: Apple Wallet v provozu přijímá jen https, takže se pasy nebudou aktualizovat.`,
      }),
    );
  return report;
}

/** Merges reports, keeping each message once. */
export function mergeReports(...reports: Array<Partial<PreflightReport>>): PreflightReport {
  const unique = (problems: Problem[]) => {
    const seen = new Set<string>();
    return problems.filter((problem) => {
      const key = `${problem.path}\n${problem.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  return {
    errors: unique(reports.flatMap((report) => report.errors ?? [])),
    warnings: unique(reports.flatMap((report) => report.warnings ?? [])),
  };
}
