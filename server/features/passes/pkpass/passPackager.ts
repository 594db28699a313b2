import type { AppContext } from '../../../kernel/appContext';
import type { ImageRow } from '../../../kernel/db/tables';
import { textIn, type Localized } from '../../../../domain/problem';
import { HttpError, notFound } from '../../../kernel/http/errors';
import { readStoredImage, type StoredImage } from '../images/storedImages';
import { LruCache } from '../../../kernel/lruCache';
import { assessPass, assessTemplate, passFiles, webServiceUrl } from './passAssembly';
import { buildPassJson, languagesOf, translated } from './passJson';
import { chooseImages, imagesInLanguage } from './passImages';
import { signedBundle } from './passBundle';
import { createSignerSource } from './passSigner';
import { createPassSourceLoader, type PassSources } from './passSourceRepository';
import type { Problem } from './problems';
import type { PassPackager, PassView, SignedPass, WalletPreflight } from './walletTypes';

/** The 409 of a pass that cannot be signed, with its pre-flight errors, in English and Czech. */
function cannotBeSigned(errors: readonly Problem[]): Required<Localized> {
  const inWords = (language: 'en' | 'cs') =>
    errors.map((error) => textIn({ en: error.message, cs: error.cs }, language)).join(' ');
  return {
    en: `The pass cannot be signed: ${inWords('en')}`,
    cs: `Pas nelze podepsat: ${inWords('cs')}`,
  };
}

/** What the packager needs from the app context. */
export type PassPackagerParts = Pick<
  AppContext,
  'config' | 'db' | 'changes' | 'storage' | 'certificateKeys' | 'renders'
>;

const BUNDLES_KEPT = 500;
const IMAGES_KEPT = 200;

/** Changes with anything the signed bundle is made of. */
function versionOf(sources: PassSources): string {
  const time = (date: Date | null | undefined) => (date ? new Date(date).getTime() : 0);
  const images = [...sources.images.values()].map((image) => `${image.id}@${time(image.updatedAt)}`).sort();
  return [
    time(sources.pass.updatedAt),
    time(sources.pass.walletUpdatedAt),
    time(sources.template.updatedAt),
    sources.certificate ? `${sources.certificate.id}@${time(sources.certificate.updatedAt)}` : '-',
    JSON.stringify(sources.template.images),
    JSON.stringify(sources.pass.dynamicImages),
    ...images,
  ].join('|');
}

/** A file name from the template's name, without characters file systems refuse. */
function pkpassName(templateName: string): string {
  const cleaned = Array.from(templateName, (char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .trim();
  return `${cleaned || 'pass'}.pkpass`;
}

/**
 * The server's pass packager: resolves, checks, signs and caches passes (an LRU of 500 signed bundles by pass and
 * version; concurrent requests for the same version share one signing). Image files are checked before use: a
 * damaged one is a pre-flight error, so its pass answers 409.
 *
 * @example const passes = createPassPackager({ config, db, storage, certificateKeys, renders }); await passes.signedPass(id)
 */
export function createPassPackager(
  parts: PassPackagerParts,
  options: { cache?: boolean } = {},
): PassPackager & WalletPreflight {
  const { config, db, storage } = parts;
  const sources = createPassSourceLoader(db, parts.changes);
  const signers = createSignerSource(parts.certificateKeys, config.wwdrCertFile);
  const bundles = new LruCache<string, { version: string; signed: Promise<SignedPass> }>(BUNDLES_KEPT);
  const usableFiles = new LruCache<string, Buffer>(IMAGES_KEPT);

  /** Each image's file, checked; usable ones are kept, so that signing again reads and checks nothing. */
  async function imageFilesOf(rows: Iterable<ImageRow>): Promise<Map<string, StoredImage>> {
    const files = new Map<string, StoredImage>();
    await Promise.all(
      [...rows].map(async (row) => {
        const key = `${row.id}@${new Date(row.updatedAt).getTime()}`;
        const kept = usableFiles.get(key);
        const file: StoredImage = kept
          ? { state: 'usable', data: kept }
          : await readStoredImage(storage, row);
        if (file.state === 'usable') usableFiles.set(key, file.data);
        files.set(row.id, file);
      }),
    );
    return files;
  }

  /** Signs within the render limit: the images and the archive of a pass are in memory while it runs. */
  const sign = (loaded: PassSources): Promise<SignedPass> =>
    parts.renders(async () => {
      const imageFiles = await imageFilesOf(loaded.images.values());
      const assessed = await assessPass(loaded, imageFiles, signers, config);
      const { errors } = assessed.report;
      if (errors.length || !assessed.signer.signer) throw new HttpError(409, cannotBeSigned(errors), errors);
      const files = passFiles(assessed, (id) => {
        const file = imageFiles.get(id);
        return file?.state === 'usable' ? file.data : undefined;
      });
      return {
        archive: await signedBundle(files, assessed.signer.signer),
        lastModified: new Date(loaded.pass.walletUpdatedAt),
        fileName: pkpassName(loaded.template.name),
      };
    });

  /** A pass resolved in a language for people to read (texts, images), from sources already loaded. */
  function viewOf(sources: PassSources, language: string | undefined): PassView {
    const languages = languagesOf(sources.template);
    const chosen =
      language && languages.includes(language) ? language : languages.includes('en') ? 'en' : languages[0];
    const built = buildPassJson(
      {
        pass: sources.pass,
        template: sources.template,
        certificate: sources.certificate,
        webServiceUrl: webServiceUrl(config),
      },
      { kind: 'language', language: chosen },
    );
    const { authenticationToken: _secret, ...shown } = translated(sources.template, chosen, built.passJson);
    void _secret;
    const images = chooseImages(sources.template.images, sources.pass.dynamicImages, languages);
    return {
      pass: sources.pass,
      template: sources.template,
      language: chosen,
      passJson: shown,
      imageIds: imagesInLanguage(images, chosen),
    };
  }

  /** The signed pass of these sources, from the cache while its version is unchanged. */
  function signedOf(loaded: PassSources): Promise<SignedPass> {
    if (options.cache === false) return sign(loaded);
    const passId = loaded.pass.id;
    const version = versionOf(loaded);
    const cached = bundles.get(passId);
    if (cached && cached.version === version) return cached.signed;
    const signed = sign(loaded);
    bundles.set(passId, { version, signed });
    signed.catch(() => {
      if (bundles.get(passId)?.signed === signed) bundles.set(passId, { version: '', signed });
    });
    return signed;
  }

  return {
    async signedPass(passId) {
      return signedOf(await sources.passSources(passId));
    },

    async walletPass(passId) {
      const pass = await sources.passRow(passId);
      if (!pass) return undefined;
      const loaded = await sources.sourcesOfPass(pass, { fenced: true });
      return {
        pass,
        passTypeIdentifier: loaded?.certificate?.passTypeId ?? undefined,
        signed: () => (loaded && !pass.deletedAt ? signedOf(loaded) : Promise.reject(notFound('Pass'))),
      };
    },

    async view(passId, language) {
      return viewOf(await sources.passSources(passId), language);
    },

    async viewWithPreflight(passId, language) {
      const loaded = await sources.passSources(passId);
      const imageFiles = await imageFilesOf(loaded.images.values());
      const { report } = await assessPass(loaded, imageFiles, signers, config);
      return { view: viewOf(loaded, language), preflight: report };
    },

    async passPreflight(passId) {
      const loaded = await sources.passSources(passId);
      const imageFiles = await imageFilesOf(loaded.images.values());
      return (await assessPass(loaded, imageFiles, signers, config)).report;
    },

    async templatePreflight(templateId) {
      const loaded = await sources.templateSources(templateId);
      if (!loaded) return undefined;
      return assessTemplate(loaded, await imageFilesOf(loaded.images.values()), signers, config);
    },
  };
}
