import { isUuid } from '../../../domain/where';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/database';
import type { PassRow, TemplateRow } from '../../db/tables';
import { HttpError, conflict, notFound } from '../../http/errors';
import { templateRepository } from '../../repositories/templateRepository';
import type { GoogleWallet } from '../walletTypes';
import { createAccessTokens } from './accessTokens';
import { googleWalletRepository } from './googleWalletRepository';
import { classesKey, objectsKey } from './objectKinds';
import { readObjectTemplate } from './objectTemplate';
import { passWalletObject, type PassWalletObject } from './passObject';
import { MAX_SAVE_URL_LENGTH, createSaveJwtSigner, saveUrl } from './saveJwt';
import { createIssuerLookup, type GoogleIssuer } from './serviceAccounts';
import { createWalletObjectsApi } from './walletObjectsApi';

/** What Save to Google Wallet needs from the server. */
export interface GoogleWalletDependencies {
  config: ServerConfig;
  db: Db;
}

/** The outcome of updating the Google Wallet objects of a template's passes. */
export interface TemplateObjectsSummary {
  /** live passes of the template */
  passes: number;
  /** objects Google had and now shows the template's current object template */
  updated: number;
  /** passes never saved to Google Wallet: Google has no object to update */
  missing: number;
  /** passes whose object could not be built or updated */
  failed: number;
}

/** Save to Google Wallet, with the update of a template's objects that the template screen asks for. */
export interface GoogleWalletService extends GoogleWallet {
  /**
   * Patches, through Google's REST API, the objects (and the class, when described) of the template's live passes.
   * HttpError 404 (unknown template), 409 (no or an unusable object template), 503 (not configured),
   * 502 (Google refused the service account).
   */
  updateTemplateObjects(templateId: string): Promise<TemplateObjectsSummary>;
}

/** Does the wallet update templates' objects too (createGoogleWallet's does; a test's stand-in may not)? */
export const updatesTemplateObjects = (wallet: GoogleWallet): wallet is GoogleWalletService =>
  typeof (wallet as Partial<GoogleWalletService>).updateTemplateObjects === 'function';

const PAGE_SIZE = 200;
const PARALLEL_UPDATES = 4;

/**
 * Save to Google Wallet: signed JWTs and links for passes (a skinny JWT with the object saved through the REST API
 * when the link would be too long), and updates of saved objects when a template changes.
 *
 * @example const { url } = await createGoogleWallet({ config, db }).saveLink(passId)
 */
export function createGoogleWallet({ config, db }: GoogleWalletDependencies): GoogleWalletService {
  const settings = config.googleWallet;
  const issuerOf = createIssuerLookup(settings);
  const sign = createSaveJwtSigner(settings.origins);
  const tokens = createAccessTokens(settings.oauthTokenUrl);
  const api = createWalletObjectsApi(settings.apiBase, tokens);

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

  async function updatePass(issuer: GoogleIssuer, template: TemplateRow, pass: PassRow) {
    try {
      const built = passWalletObject(template, pass, issuer.issuerId);
      return await api.patch(issuer, built.kind, 'Object', built.object);
    } catch (error) {
      if (error instanceof HttpError) return 'failed';
      throw error;
    }
  }

  /** The class, when the template describes one, filled from a pass (its placeholders may use the pass's data). */
  async function saveClass(issuer: GoogleIssuer, template: TemplateRow, passes: PassRow[]): Promise<boolean> {
    for (const pass of passes) {
      let built: PassWalletObject;
      try {
        built = passWalletObject(template, pass, issuer.issuerId);
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
      const built = passWalletObject(template, pass, issuer.issuerId);
      const jwt = sign(issuer, {
        [objectsKey(built.kind)]: [built.object],
        ...(built.walletClass ? { [classesKey(built.kind)]: [built.walletClass] } : {}),
      });
      if (saveUrl(jwt).length <= MAX_SAVE_URL_LENGTH) return { jwt, url: saveUrl(jwt) };
      const skinny = await skinnyJwt(issuer, built);
      return { jwt: skinny, url: saveUrl(skinny) };
    },

    async updateTemplateObjects(templateId) {
      const template = isUuid(templateId) ? await templateRepository.findLive(db, templateId) : undefined;
      if (!template) throw notFound('Template');
      const issuer = issuerOf(template.projectId);
      readObjectTemplate(template.saveToGooglePayObjectTemplate);
      await tokens.tokenFor(issuer);
      const summary: TemplateObjectsSummary = { passes: 0, updated: 0, missing: 0, failed: 0 };
      let classSaved = false;
      let afterId: string | undefined;
      for (;;) {
        const page = await googleWalletRepository.livePassesOfTemplate(db, template.id, afterId, PAGE_SIZE);
        if (!page.length) break;
        afterId = page[page.length - 1].id;
        summary.passes += page.length;
        if (!classSaved) classSaved = await saveClass(issuer, template, page);
        let next = 0;
        const worker = async () => {
          while (next < page.length) {
            const outcome = await updatePass(issuer, template, page[next++]);
            summary[outcome] += 1;
          }
        };
        await Promise.all(Array.from({ length: PARALLEL_UPDATES }, worker));
        if (page.length < PAGE_SIZE) break;
      }
      return summary;
    },
  };
}
