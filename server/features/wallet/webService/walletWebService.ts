import type { AppContext } from '../../../kernel/appContext';
import { writeWithEvent } from '../../../kernel/events/integrationEvents';
import { HttpError, notFound } from '../../../kernel/http/errors';
import { clientClassOf } from '../../reports';
import { deviceRepository } from '../deviceRepository';
import { registrationRepository, type SerialsUpdated, type WalletPass } from '../registrationRepository';
import { walletLogRepository } from '../walletLogRepository';
import type { SignedPass } from '../../passes';
import type { PerMinuteBudget } from '../../../kernel/perMinuteBudget';
import { applePassToken, tokensMatch } from '../push/applePassToken';

/** The pass a device names in a path: its pass type and serial number (the pass id). */
export interface PassAddress {
  passTypeIdentifier: string;
  serialNumber: string;
}

/** What the device sent besides the path. */
export interface DeviceRequest {
  authorization: string | undefined;
  userAgent: string | undefined;
}

export type LatestPass =
  { notModified: true; lastModified: Date } | { notModified: false; signed: SignedPass };

/**
 * What one POST /v1/log may carry: a larger body is refused (413), more messages too (400); a longer message is
 * kept cut to the length (a real one is a line or two, and its start tells what happened).
 */
export const WALLET_LOG_LIMITS = { bodyBytes: 16 * 1024, messages: 50, messageLength: 2000 } as const;

/** A pass that fails its pre-flight checks is retried by Wallet after this long (Retry-After). */
const RETRY_AFTER_SECONDS = 3600;

const unauthorized = () =>
  new HttpError(401, 'The ApplePass authentication token is missing or not the pass’s.', undefined, {
    'www-authenticate': 'ApplePass',
  });

/**
 * The pass the device names, once its ApplePass token is checked: 401 without a token or with another one,
 * 404 for an unknown pass or one of another pass type. Deleted passes are answered (the caller decides).
 */
async function authorizedPass(
  context: AppContext,
  address: PassAddress,
  request: DeviceRequest,
): Promise<WalletPass> {
  const token = applePassToken(request.authorization);
  if (token === undefined) throw unauthorized();
  return checkedPass(
    await registrationRepository.findWalletPass(context.db, address.serialNumber),
    address,
    token,
  );
}

/** The pass if it is of the pass type the device names (404 otherwise) and the token is its own (401). */
function checkedPass<
  P extends { authenticationToken: string; passTypeIdentifier: string | null | undefined },
>(pass: P | undefined, address: PassAddress, token: string): P {
  if (!pass || pass.passTypeIdentifier !== address.passTypeIdentifier) throw notFound('Pass');
  if (!tokensMatch(pass.authenticationToken, token)) throw unauthorized();
  return pass;
}

function recordEvent(
  context: AppContext,
  pass: Pick<WalletPass, 'id' | 'templateId' | 'projectId'>,
  type: 'register' | 'unregister' | 'update',
  request: DeviceRequest,
) {
  context.events.record({
    passId: pass.id,
    templateId: pass.templateId,
    projectId: pass.projectId,
    type,
    client: clientClassOf(request.userAgent),
  });
}

/** What webhooks hear of an Apple Wallet registration or its end: the pass, and which wallet. */
const walletEventData = (pass: WalletPass) => ({
  passId: pass.id,
  templateId: pass.templateId,
  projectId: pass.projectId,
  platform: 'apple',
});

/** HTTP dates have whole seconds: a pass is newer only when its second is later. */
const wholeSeconds = (time: number) => Math.floor(time / 1000);

/**
 * Apple Wallet's web service (the `webServiceURL` of every pass): registrations, serials updated since a tag,
 * the latest pass, logs. Rules only; the HTTP side is in server/features/wallet/webService.
 *
 * @example await walletWebService.register(context, 'dev1', { passTypeIdentifier, serialNumber }, pushToken, request)
 */
export const walletWebService = {
  /** 'created' for a new registration, 'existing' when the device already had the pass (its token refreshed). */
  async register(
    context: AppContext,
    deviceLibraryIdentifier: string,
    address: PassAddress,
    pushToken: string,
    request: DeviceRequest,
  ): Promise<'created' | 'existing'> {
    const pass = await authorizedPass(context, address, request);
    if (pass.deletedAt) throw notFound('Pass');
    const deviceId = await deviceRepository.upsert(context.db, deviceLibraryIdentifier, pushToken);
    const created = await writeWithEvent(
      context,
      pass.projectId,
      'pass.registered',
      (db) =>
        registrationRepository.register(db, {
          deviceId,
          passId: pass.id,
          passTypeIdentifier: address.passTypeIdentifier,
        }),
      (created) => (created ? walletEventData(pass) : undefined),
    );
    if (!created) return 'existing';
    recordEvent(context, pass, 'register', request);
    return 'created';
  },

  /** Ends the registration; a device that was not registered is answered the same (the wish is fulfilled). */
  async unregister(
    context: AppContext,
    deviceLibraryIdentifier: string,
    address: PassAddress,
    request: DeviceRequest,
  ): Promise<void> {
    const pass = await authorizedPass(context, address, request);
    const deviceId = await deviceRepository.findId(context.db, deviceLibraryIdentifier);
    if (!deviceId) return;
    const ended = await writeWithEvent(
      context,
      pass.projectId,
      'pass.unregistered',
      (db) => registrationRepository.unregister(db, deviceId, pass.id),
      (ended) => (ended.length ? walletEventData(pass) : undefined),
    );
    if (ended.length) recordEvent(context, pass, 'unregister', request);
  },

  /** The device's passes of the type changed since the tag (all without one); no authentication, as Apple defines. */
  serialsUpdatedSince(
    context: AppContext,
    deviceLibraryIdentifier: string,
    passTypeIdentifier: string,
    tag: string | undefined,
  ): Promise<SerialsUpdated> {
    return registrationRepository.serialsUpdatedSince(
      context.db,
      deviceLibraryIdentifier,
      passTypeIdentifier,
      tag ? tag : null,
    );
  },

  /**
   * The signed pass, or "not modified" when it is not newer than If-Modified-Since (a header that is not a date is
   * ignored; nothing is signed then). Voided passes are delivered (Wallet shows them voided); a deleted pass is 410 Gone; a pass that fails
   * its pre-flight checks is 503 with Retry-After: the device keeps its copy and asks again later.
   */
  async latestPass(
    context: AppContext,
    address: PassAddress,
    request: DeviceRequest & { ifModifiedSince: string | undefined },
  ): Promise<LatestPass> {
    const token = applePassToken(request.authorization);
    if (token === undefined) throw unauthorized();
    // the pass and its template, certificate and images in one read (all but the pass from memory, see walletPass)
    const found = await context.passes.walletPass(address.serialNumber);
    const { pass, signed: signedPass } = checkedPass(
      found && { ...found, authenticationToken: found.pass.authenticationToken },
      address,
      token,
    );
    if (pass.deletedAt) throw new HttpError(410, 'The pass was deleted.');
    // a copy as new as the pass is answered before anything is signed (the signed pass's Last-Modified is the same)
    const lastModified = new Date(pass.walletUpdatedAt);
    const since = request.ifModifiedSince ? Date.parse(request.ifModifiedSince) : Number.NaN;
    if (!Number.isNaN(since) && wholeSeconds(lastModified.getTime()) <= wholeSeconds(since))
      return { notModified: true, lastModified };
    let signed: SignedPass;
    try {
      signed = await signedPass();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409)
        throw new HttpError(503, `The pass cannot be signed now: ${error.message}`, error.errors, {
          'retry-after': String(RETRY_AFTER_SECONDS),
        });
      throw error;
    }
    recordEvent(context, pass, 'update', request);
    return { notModified: false, signed };
  },

  /**
   * Keeps what Wallet reports about this service: trimmed, empty ones dropped, each cut to the length limit. The
   * messages all callers may leave a minute are capped (the budget): beyond it, 429 and nothing is kept, so many
   * addresses together cannot fill the table faster than the maintenance trims it.
   */
  async log(context: AppContext, logs: string[], budget: PerMinuteBudget): Promise<void> {
    const messages = logs
      .map((message) => message.trim().slice(0, WALLET_LOG_LIMITS.messageLength))
      .filter((message) => message.length > 0);
    if (messages.length === 0) return;
    const wait = budget.take(messages.length);
    if (wait > 0)
      throw new HttpError(
        429,
        'The web service takes no more log messages this minute; try again later.',
        undefined,
        { 'retry-after': String(wait) },
      );
    await walletLogRepository.insert(context.db, messages);
  },
};
