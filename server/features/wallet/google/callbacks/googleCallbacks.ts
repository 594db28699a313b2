import { isUuid } from '../../../../../domain/where';
import type { AppContext } from '../../../../kernel/appContext';
import type { Db } from '../../../../kernel/db/database';
import { HttpError, badRequest, conflict, notFound, requestSummary } from '../../../../kernel/http/errors';
import { checkBody } from '../../../../kernel/http/validation';
import { createIssuerLookup, isGoogleWalletConfigured } from '../serviceAccounts';
import { CallbackMessageSchema, type CallbackBody, type CallbackMessage } from './callbackSchemas';
import { UntrustedCallback, millisOf, verifyCallback } from './ecv2SigningOnly';
import { googleRegistrationRepository, type CallbackPass } from './googleRegistrationRepository';
import { createRootSigningKeys, type RootSigningKeys } from './rootSigningKeys';

/** What a callback did: counted the save or the delete, or found it changed nothing (saved already, say). */
export type CallbackOutcome = 'counted' | 'unchanged';

export interface GoogleCallbacks {
  /**
   * Verifies a callback and counts it. HttpError 400 (malformed), 403 (not signed by Google for the pass's issuer,
   * expired), 404 (not a pass of ours, or Google Wallet not configured for it), 409 (replayed), 424 (Google's keys
   * cannot be fetched now: Google retries).
   */
  receive(body: CallbackBody): Promise<CallbackOutcome>;
}

type CallbacksContext = Pick<AppContext, 'config' | 'db' | 'events' | 'integrationEvents'>;

/** The signed message, read before its signature is checked (it names the recipient the signature is for). */
function messageOf(signedMessage: string): CallbackMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(signedMessage);
  } catch {
    throw badRequest({
      en: "The callback's signedMessage is not JSON.",
      cs: 'signedMessage callbacku není JSON.',
    });
  }
  const problems = checkBody(CallbackMessageSchema, parsed);
  if (problems) throw badRequest(requestSummary('signedMessage', problems), problems);
  return parsed as CallbackMessage;
}

const issuerOfId = (googleId: string) => googleId.slice(0, googleId.indexOf('.'));

const notOurs = (objectId: string) =>
  new HttpError(404, {
    en: `The callback's object ${objectId} is not a pass of this server.`,
    cs: `Objekt callbacku ${objectId} není pas tohoto serveru.`,
  });

/**
 * Google Wallet's save and delete callbacks: verified as ECv2SigningOnly against Google's root signing keys, for
 * the issuer of the object's pass; a save counts as an Android registration of the pass, a delete ends it; both
 * are pass events the reports count. A nonce is taken once: a replay changes nothing.
 *
 * @example await createGoogleCallbacks(context).receive(request.body)
 */
export function createGoogleCallbacks(
  context: CallbacksContext,
  rootKeys: RootSigningKeys = createRootSigningKeys(context.config.googleWallet.callbackKeysUrl),
): GoogleCallbacks {
  const settings = context.config.googleWallet;
  const issuerOf = createIssuerLookup(settings);

  /** Verifies with the cached root keys, and once more with fresh ones when none signed the intermediate key. */
  async function verified(body: CallbackBody, recipientId: string): Promise<void> {
    const parties = { senderIds: settings.callbackSenderIds, recipientId };
    try {
      verifyCallback(body, parties, (await rootKeys.current()).keys);
    } catch (error) {
      if (!(error instanceof UntrustedCallback) || error.failed !== 'rootKeys') throw error;
      const fresh = await rootKeys.refetched();
      if (!fresh) throw error;
      verifyCallback(body, parties, fresh.keys);
    }
  }

  /** The pass the object is of, when that pass's project has the recipient as its issuer. */
  async function passOf(message: CallbackMessage, recipientId: string): Promise<CallbackPass> {
    const passId = message.objectId.slice(recipientId.length + 1);
    const pass = isUuid(passId) ? await googleRegistrationRepository.findPass(context.db, passId) : undefined;
    if (!pass) throw notOurs(message.objectId);
    let issuerId: string;
    try {
      issuerId = issuerOf(pass.projectId).issuerId;
    } catch (error) {
      // no usable issuer for the pass's project: the callback cannot be for it (the words name no key)
      throw error instanceof HttpError
        ? new HttpError(404, { en: error.message, cs: error.cs ?? error.message })
        : error;
    }
    if (issuerId !== recipientId) throw notOurs(message.objectId);
    return pass;
  }

  function record(pass: CallbackPass, type: 'register' | 'unregister') {
    context.events.record({
      passId: pass.id,
      templateId: pass.templateId,
      projectId: pass.projectId,
      type,
      client: 'android',
    });
  }

  return {
    async receive(body) {
      if (!isGoogleWalletConfigured(settings)) throw notFound('Google Wallet');
      const message = messageOf(body.signedMessage);
      const recipientId = issuerOfId(message.objectId);
      await verified(body, recipientId);
      const expiresAt = millisOf(message.expTimeMillis);
      if (!(expiresAt > Date.now()))
        throw new HttpError(403, {
          en: `The callback's message expired at ${new Date(expiresAt).toISOString()}.`,
          cs: `Zpráva callbacku vypršela ${new Date(expiresAt).toISOString()}.`,
        });
      const pass = await passOf(message, recipientId);
      const countCallback = async (trx: Db): Promise<boolean> => {
        if (!(await googleRegistrationRepository.claimNonce(trx, message.nonce, new Date(expiresAt))))
          throw conflict({
            en: `The callback with nonce ${message.nonce} was received already; it changes nothing again.`,
            cs: `Callback s nonce ${message.nonce} už přišel; podruhé nic nemění.`,
          });
        if (message.eventType === 'del') return googleRegistrationRepository.unregister(trx, pass.id);
        // a deleted pass is in no wallet any more: its late save is acknowledged, not counted
        if (pass.deletedAt) return false;
        return googleRegistrationRepository.register(trx, {
          passId: pass.id,
          objectId: message.objectId,
          classId: message.classId,
        });
      };
      const type = message.eventType === 'save' ? 'pass.registered' : 'pass.unregistered';
      const heard = await context.integrationEvents.listens(pass.projectId, type);
      const counted = await context.db.transaction().execute(async (trx) => {
        const changed = await countCallback(trx);
        // webhooks hear of a counted save or delete, with the wallet it happened in
        if (changed && heard)
          await context.integrationEvents.publish(trx, {
            projectId: pass.projectId,
            type,
            data: {
              passId: pass.id,
              templateId: pass.templateId,
              projectId: pass.projectId,
              platform: 'google',
            },
          });
        return changed;
      });
      if (counted && heard) context.integrationEvents.wake();
      if (counted) record(pass, message.eventType === 'save' ? 'register' : 'unregister');
      return counted ? 'counted' : 'unchanged';
    },
  };
}
