import type { ServerConfig } from '../../../kernel/config';
import type { PassRow } from '../../../kernel/db/tables';
import type { StoredImage } from '../images/storedImages';
import type { ImageType } from '../../../../domain/template/limits';
import { buildPassJson, languagesOf, type PassJsonResult } from './passJson';
import { chooseImages, type ChosenImages } from './passImages';
import type { PassSources } from './passSourceRepository';
import { iosContentPreflight } from './iosPreflight';
import { contentPreflight, mergeReports } from './preflight';
import { problemAt } from '../../../../domain/problem';
import type { PreflightReport, Problem } from './problems';
import { noValueName } from './resolveTemplate';
import type { SignerResult, SignerSource } from './passSigner';
import { passStringsFile } from './passStrings';
import { linkRedirectBase, withTrackedLinks } from './trackedLinks';
import { passRepository } from '../passRepository';
import { imageLinksOf } from './upcomingImages';

/** The absolute address of the Apple Wallet web service, as pass.json's webServiceURL. */
export function webServiceUrl(config: Pick<ServerConfig, 'walletBase' | 'publicUrl'>): string {
  if (/^https?:\/\//.test(config.walletBase)) return config.walletBase.replace(/\/+$/, '');
  const base = config.walletBase.startsWith('/') ? config.walletBase : `/${config.walletBase}`;
  return `${config.publicUrl}${base}`.replace(/\/+$/, '');
}

/** A pass resolved and checked, ready to be signed when the report has no errors. */
export interface AssessedPass {
  report: PreflightReport;
  built: PassJsonResult;
  images: ChosenImages;
  signer: SignerResult;
}

/**
 * Resolves a pass (pass.json with strings per language, images) and runs every pre-flight check on it, with its
 * image files as `readStoredImage` found them.
 *
 * @example const { report, built, images, signer } = await assessPass(sources, imageFiles, signers, config)
 */
export async function assessPass(
  sources: PassSources,
  imageFiles: Map<string, StoredImage>,
  signers: SignerSource,
  config: Pick<ServerConfig, 'walletBase' | 'publicUrl' | 'passBase'>,
): Promise<AssessedPass> {
  const url = webServiceUrl(config);
  const input = {
    pass: sources.pass,
    template: sources.template,
    certificate: sources.certificate,
    webServiceUrl: url,
    imageLinks: imageLinksOf(sources.images, imageFiles, config),
  };
  const strings = buildPassJson(input, { kind: 'strings' });
  const built = sources.template.trackLinks
    ? withTrackedLinks(strings, linkRedirectBase(config, sources.pass.id))
    : strings;
  const languages = languagesOf(sources.template);
  const readable = buildPassJson(input, { kind: 'language', language: languages[0] });
  const images = chooseImages(sources.template.images, sources.pass.dynamicImages, languages);
  const signer = await signers.signerOf(sources.certificate);
  const content = contentPreflight({
    passJson: readable.passJson,
    images,
    imageRows: sources.images,
    imageFiles,
    webServiceUrl: url,
  });
  const ios = iosContentPreflight({
    passJson: readable.passJson,
    jsonTemplate: sources.template.jsonTemplate,
    certificate: sources.certificate,
  });
  const merged = mergeReports(
    { errors: signer.problems, warnings: signer.warnings },
    { errors: built.errors },
    content,
    ios,
  );
  const developmentSigned = merged.errors.length === 0 && signer.signer !== undefined && signer.development;
  const report = developmentSigned ? { ...merged, developmentSigned } : merged;
  return { report, built, images, signer };
}

/** A pass of a template with no dynamic data: what a template's pre-flight resolves. */
export function emptyPassOf(templateId: string, projectId: string): PassRow {
  const pass = {
    id: '00000000-0000-4000-8000-000000000000',
    template: { id: templateId, projectId },
    dynamicData: {},
  };
  return { ...passRepository.foreseenTemplatePass(pass, new Date()), authenticationToken: '' };
}

/**
 * A template's pre-flight: as a pass without dynamic data; a placeholder without fallback is a warning there
 * (passes that carry the value sign), everything else as for a pass.
 *
 * @example const report = await assessTemplate(sources, imageFiles, signers, config)
 */
export async function assessTemplate(
  sources: Omit<PassSources, 'pass'>,
  imageFiles: Map<string, StoredImage>,
  signers: SignerSource,
  config: Pick<ServerConfig, 'walletBase' | 'publicUrl' | 'passBase'>,
): Promise<PreflightReport> {
  const pass = emptyPassOf(sources.template.id, sources.template.projectId);
  const { report } = await assessPass({ ...sources, pass }, imageFiles, signers, config);
  const noFallback = (problem: Problem) => noValueName(problem) !== undefined;
  return {
    errors: report.errors.filter((problem) => !noFallback(problem)),
    warnings: [
      ...report.errors.filter(noFallback).map((problem) =>
        problemAt(problem.path, {
          en: `#{${noValueName(problem)}} has no fallback: a pass without it in its data cannot be signed.`,
          cs: `#{${noValueName(problem)}} nemá náhradní hodnotu: pas, který ji nemá ve svých datech, nelze podepsat.`,
        }),
      ),
      ...report.warnings,
    ],
  };
}

/**
 * The files of the .pkpass besides manifest and signature: pass.json, images (`{type}.png` and `{type}@2x.png`:
 * the stored image is the @2x, written under both names), and per language `pass.strings` and translated images.
 *
 * @example const files = passFiles(assessed, (id) => imageBytes.get(id))
 */
export function passFiles(
  assessed: AssessedPass,
  imageBytes: (id: string) => Uint8Array | undefined,
): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {
    'pass.json': Buffer.from(JSON.stringify(assessed.built.passJson)),
  };
  const addImages = (folder: string, images: Partial<Record<ImageType, string>>) => {
    for (const [type, id] of Object.entries(images)) {
      const data = imageBytes(id);
      if (!data) continue;
      files[`${folder}${type}.png`] = data;
      files[`${folder}${type}@2x.png`] = data;
    }
  };
  addImages('', assessed.images.base);
  const languages = new Set([
    ...Object.keys(assessed.built.strings),
    ...Object.keys(assessed.images.perLanguage),
  ]);
  for (const language of languages) {
    const strings = assessed.built.strings[language];
    if (strings) files[`${language}.lproj/pass.strings`] = passStringsFile(strings);
    addImages(`${language}.lproj/`, assessed.images.perLanguage[language] ?? {});
  }
  return files;
}
