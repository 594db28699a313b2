import { problemAt } from '../../../../domain/problem';
import { featuredActionsProblem } from '../../../../domain/template/iosContentRules';
import {
  MAX_RELEVANT_INTERVAL_MS,
  POSTER_EVENT_REQUIRED_TAGS,
  POSTER_PERFORMANCE_REQUIRED_TAGS,
  POSTER_SPORTS_REQUIRED_TAGS,
  SEMANTIC_BOARDING_REQUIRED_TAGS,
  isClassicBarcodeFormat,
} from '../../../../domain/template/limits';
import type { CertificateRow } from '../../../kernel/db/tables';
import type { PreflightReport } from './problems';
import { asList, asRecord } from './jsonParts';

export interface IosPreflightInput {
  /** pass.json resolved in one language */
  passJson: Record<string, unknown>;
  /** the template's own pass.json: what it asks for, before the signer leaves out what it may not sign */
  jsonTemplate: unknown;
  certificate: CertificateRow | undefined;
}

/** A tag the pass's data left empty counts as missing: Wallet cannot draw it either. */
const isMissing = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function missingTags(semantics: Record<string, unknown>, tags: readonly string[]): string[] {
  return tags.filter((tag) => isMissing(semantics[tag]));
}

/** The tags a poster event ticket needs, by the kind of event. */
function posterTags(semantics: Record<string, unknown>): string[] {
  return [
    ...POSTER_EVENT_REQUIRED_TAGS,
    ...(semantics.eventType === 'PKEventTypeSports' ? POSTER_SPORTS_REQUIRED_TAGS : []),
    ...(semantics.eventType === 'PKEventTypeLivePerformance' ? POSTER_PERFORMANCE_REQUIRED_TAGS : []),
  ];
}

function layoutProblems(passJson: Record<string, unknown>, report: PreflightReport): void {
  const semantics = asRecord(passJson.semantics);
  const requested = asList(passJson.preferredStyleSchemes)[0];
  if (requested === 'posterEventTicket') {
    const missing = missingTags(semantics, posterTags(semantics));
    if (missing.length)
      report.warnings.push(
        problemAt('/jsonTemplate/semantics', {
          en: `The poster event ticket lacks the semantic tags ${missing.join(', ')}: Wallet falls back to the classic event ticket.`,
          cs: `Plakátové vstupence chybí sémantické značky ${missing.join(', ')}: Wallet místo ní ukáže klasickou vstupenku.`,
        }),
      );
  }
  if (requested === 'semanticBoardingPass') {
    const missing = missingTags(semantics, SEMANTIC_BOARDING_REQUIRED_TAGS);
    if (missing.length)
      report.warnings.push(
        problemAt('/jsonTemplate/semantics', {
          en: `The semantic boarding pass lacks the semantic tags ${missing.join(', ')}: Wallet falls back to the classic boarding pass.`,
          cs: `Sémantické palubní vstupence chybí sémantické značky ${missing.join(', ')}: Wallet místo ní ukáže klasickou palubní vstupenku.`,
        }),
      );
  }
}

function barcodeProblems(passJson: Record<string, unknown>, report: PreflightReport): void {
  const formats = asList(passJson.barcodes).map((barcode) => String(asRecord(barcode).format));
  formats.forEach((format, index) => {
    if (isClassicBarcodeFormat(format) || formats.slice(index + 1).some(isClassicBarcodeFormat)) return;
    report.warnings.push(
      problemAt(`/jsonTemplate/barcodes/${index}`, {
        en: `${format} shows only on iOS 27: iOS 26 and older show no barcode in its place. Add a QR, PDF417, Aztec or Code 128 barcode after it.`,
        cs: `${format} se zobrazí až v iOS 27: iOS 26 a starší na jeho místě nezobrazí žádný čárový kód. Přidejte za něj kód QR, PDF417, Aztec nebo Code 128.`,
      }),
    );
  });
}

function relevantDateProblems(passJson: Record<string, unknown>, report: PreflightReport): void {
  asList(passJson.relevantDates).forEach((entry, index) => {
    const { startDate, endDate } = asRecord(entry);
    if (typeof startDate !== 'string' || typeof endDate !== 'string') return;
    const length = Date.parse(endDate) - Date.parse(startDate);
    const path = `/jsonTemplate/relevantDates/${index}`;
    if (length < 0)
      report.errors.push(
        problemAt(path, {
          en: `The relevant interval ends (${endDate}) before it starts (${startDate}).`,
          cs: `Relevantní interval končí (${endDate}) dříve, než začne (${startDate}).`,
        }),
      );
    else if (length > MAX_RELEVANT_INTERVAL_MS)
      report.warnings.push(
        problemAt(path, {
          en: `The relevant interval from ${startDate} to ${endDate} is longer than 24 hours, which Apple Wallet does not accept: split it into intervals of at most 24 hours.`,
          cs: `Relevantní interval od ${startDate} do ${endDate} je delší než 24 hodin, což Apple Wallet nepřijme: rozdělte jej na intervaly nejvýše 24 hodin.`,
        }),
      );
  });
}

/**
 * What Wallet does with the content iOS 18 to 27 added: a requested poster or semantic boarding pass missing a
 * tag it needs (the classic layout instead), iOS 27 barcodes without a classic one after them, relevant intervals
 * over 24 hours or ending before they start, more featured actions than Wallet shows, and an nfc dictionary
 * signed with a certificate Apple did not enable for NFC.
 *
 * @example const { errors, warnings } = iosContentPreflight({ passJson, jsonTemplate, certificate })
 */
export function iosContentPreflight(input: IosPreflightInput): PreflightReport {
  const report: PreflightReport = { errors: [], warnings: [] };
  layoutProblems(input.passJson, report);
  barcodeProblems(input.passJson, report);
  relevantDateProblems(input.passJson, report);
  const tooMany = featuredActionsProblem(asList(input.passJson.featuredActions));
  if (tooMany) report.errors.push(problemAt('/jsonTemplate/featuredActions', tooMany));
  if (asRecord(input.jsonTemplate).nfc !== undefined && !input.certificate?.nfcEnabled) {
    const name = input.certificate ? ` "${input.certificate.name}"` : '';
    report.errors.push(
      problemAt('/jsonTemplate/nfc', {
        en: `The pass carries an nfc dictionary, but its signing certificate${name} is not marked NFC-enabled: iPhones refuse NFC passes from a certificate Apple did not enable. Mark the certificate once Apple has enabled it, or remove nfc.`,
        cs: `Pas obsahuje slovník nfc, ale jeho podpisový certifikát${name} není označen jako povolený pro NFC: iPhony odmítnou NFC pasy od certifikátu, kterému je Apple nepovolil. Označte certifikát, až jej Apple povolí, nebo nfc odstraňte.`,
      }),
    );
  }
  return report;
}
