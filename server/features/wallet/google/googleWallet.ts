import { isUuid } from '../../../../domain/where';
import type { ServerConfig } from '../../../kernel/config';
import type { Db } from '../../../kernel/db/database';
import type { PassRow, TemplateRow } from '../../../kernel/db/tables';
import { conflict, notFound } from '../../../kernel/http/errors';
import { publicImageLink, templateRepository } from '../../passes';
import type { GoogleWallet } from '../../passes';
import { createAccessTokens } from './accessTokens';
import { withClassCallback } from './callbacks/callbackOptions';
import { googleWalletRepository, type LivePassKey } from './googleWalletRepository';
import { classesKey, objectsKey } from './objectKinds';
import { readObjectTemplate } from './objectTemplate';
import { passWalletObject, type ObjectBuilding, type PassWalletObject } from './passObject';
import { rotatingKeysOf } from './rotatingBarcode';
import { MAX_SAVE_URL_LENGTH, createSaveJwtSigner, saveUrl } from './saveJwt';
import { createIssuerLookup, type GoogleIssuer } from './serviceAccounts';
import { hasGoogleObject, hasOwnObjectTemplate } from './templateOffer';
import { createWalletObjectsApi } from './walletObjectsApi';

/** What Save to Google Wallet needs from the server. */
export interface GoogleWalletDependencies {
  config: ServerConfig;
  db: Db;
}

/** What patching a pass's Google Wallet object did. */
export type PassObjectPatch =
  /** Google had the object and now shows the pass and its template as they are */
  | 'updated'
  /** the pass was never saved to Google Wallet: Google has no object to update */
  | 'missing'
  /** nothing to update: the pass or its template is deleted, or the template has no object template */
  | 'skipped';

/** Save to Google Wallet, with the updates of saved objects that template and pass changes ask for. */
export interface GoogleWalletService extends GoogleWallet {
  /**
   * The live template, once it is known that its objects can be updated: HttpError 404 (unknown template), 409 (no
   * or an unusable object template), 503 (not configured), 502 (Google refused the service account).
   */
  checkTemplateObjects(templateId: string): Promise<TemplateRow>;
  /**
   * Saves the template's class when its object template describes one (filled from its first pass that can be
   * built); false when there is none to save. HttpError as checkTemplateObjects; GoogleFailure from Google.
   */
  saveTemplateClass(template: TemplateRow): Promise<boolean>;
  /**
   * Patches, through Google's REST API, the object of a pass to the pass and its template as they are now.
   * HttpError 409 (the object cannot be built), 503 (not configured); GoogleFailure when Google fails.
   */
  patchPassObject(passId: string): Promise<PassObjectPatch>;
}

/** Is the wallet the whole service (createGoogleWallet's is; a test's stand-in may make links only)? */
export const isGoogleWalletService = (wallet: GoogleWallet): wallet is GoogleWalletService =>
  typeof (wallet as Partial<GoogleWalletService>).patchPassObject === 'function';

/** passes read at once while looking for one that fills the template's class */
const PAGE_SIZE = 200;

/**
 * Save to Google Wallet: signed JWTs and links for passes (a skinny JWT with the object saved through the REST API
 * when the link would be too long), and updates of saved objects when a template or a pass changes (run by the
 * job queue: googleWalletJobs.ts).
 *
 * @example const { url } = await createGoogleWallet({ config, db }).saveLink(passId)
 */
export function createGoogleWallet({ config, db }: GoogleWalletDependencies): GoogleWalletService {
  const settings = config.googleWallet;
  const issuerOf = createIssuerLookup(settings);
  const sign = createSaveJwtSigner(settings.origins);
  const tokens = createAccessTokens(settings.oauthTokenUrl);
  const api = createWalletObjectsApi(settings.apiBase, tokens);
  const building: ObjectBuilding = {
    rotatingKey: rotatingKeysOf(config),
    // Google fetches images itself, over https only
    imageLink: (imageId) => {
      const link = publicImageLink(config, imageId);
      return link.startsWith('https://') ? link : undefined;
    },
  };
  // each class we save names our save and delete callback (callbacks/)
  const build = (template: TemplateRow, pass: PassRow, issuerId: string) =>
    withClassCallback(config, passWalletObject(template, pass, issuerId, building));

  async function livePass(passId: string): Promise<{ pass: PassRow; template: TemplateRow }> {
    const pass = isUuid(passId) ? await googleWalletRepository.findLivePass(db, passId) : undefined;
    if (!pass) throw notFound('Pass');
    const template = await templateRepository.findLive(db, pass.templateId);
    if (!template)
      throw conflict({ en: "The pass's template was deleted.", cs: 'Šablona pasu byla smazána.' });
    return { pass, template };
  }

  /** Saves the object (and its class) through the API, then signs a JWT that only refers to the object. */
  async function skinnyJwt(issuer: GoogleIssuer, built: PassWalletObject): Promise<string> {
    if (built.walletClass) await api.save(issuer, built.kind, 'Class', built.walletClass);
    await api.save(issuer, built.kind, 'Object', built.object);
    return sign(issuer, { [objectsKey(built.kind)]: [{ id: built.object.id }] });
  }

  /** The class, when the template describes one, filled from a pass (its placeholders may use the pass's data). */
  async function saveClass(issuer: GoogleIssuer, template: TemplateRow, passes: PassRow[]): Promise<boolean> {
    for (const pass of passes) {
      let built: PassWalletObject;
      try {
        built = build(template, pass, issuer.issuerId);
      } catch {
        continue;
      }
      if (built.walletClass) await api.save(issuer, built.kind, 'Class', built.walletClass);
      return true;
    }
    return false;
  }

  return {
    async saveLink(passId) {
      const { pass, template } = await livePass(passId);
      const issuer = issuerOf(pass.projectId);
      const built = build(template, pass, issuer.issuerId);
      const jwt = sign(issuer, {
        [objectsKey(built.kind)]: [built.object],
        ...(built.walletClass ? { [classesKey(built.kind)]: [built.walletClass] } : {}),
      });
      if (saveUrl(jwt).length <= MAX_SAVE_URL_LENGTH) return { jwt, url: saveUrl(jwt) };
      const skinny = await skinnyJwt(issuer, built);
      return { jwt: skinny, url: saveUrl(skinny) };
    },

    async checkTemplateObjects(templateId) {
      const template = isUuid(templateId) ? await templateRepository.findLive(db, templateId) : undefined;
      if (!template) throw notFound('Template');
      const issuer = issuerOf(template.projectId);
      // an event ticket without its own object template is built from its semantics
      if (hasOwnObjectTemplate(template) || !hasGoogleObject(template))
        readObjectTemplate(template.saveToGooglePayObjectTemplate);
      await tokens.tokenFor(issuer);
      return template;
    },

    async saveTemplateClass(template) {
      // an event ticket built from semantics has a class per event, saved with each of its objects
      if (!hasOwnObjectTemplate(template)) return false;
      if (!readObjectTemplate(template.saveToGooglePayObjectTemplate).walletClass) return false;
      const issuer = issuerOf(template.projectId);
      let after: LivePassKey | undefined;
      for (;;) {
        const page = await googleWalletRepository.livePassesOfTemplate(db, template.id, after, PAGE_SIZE);
        if (await saveClass(issuer, template, page)) return true;
        if (page.length < PAGE_SIZE) return false;
        after = page[page.length - 1];
      }
    },

    async patchPassObject(passId) {
      const pass = isUuid(passId) ? await googleWalletRepository.findLivePass(db, passId) : undefined;
      const template = pass && (await templateRepository.findLive(db, pass.templateId));
      if (!pass || !template || !hasGoogleObject(template)) return 'skipped';
      const issuer = issuerOf(pass.projectId);
      const built = build(template, pass, issuer.issuerId);
      // the object may move to the class of its event as it is now: that class must exist first
      if (built.classPerPass && built.walletClass)
        await api.save(issuer, built.kind, 'Class', built.walletClass);
      return api.patch(issuer, built.kind, 'Object', built.object);
    },
  };
}
