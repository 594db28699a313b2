import type { ServerConfig } from '../../../../kernel/config';
import type { WalletResource } from '../objectKinds';
import type { PassWalletObject } from '../passObject';

/** The path of the callback endpoint under the server's public address. */
export const GOOGLE_CALLBACK_PATH = '/wallet/google/v1/callback';

/**
 * A class as we save it: with `callbackOptions.url` set to our callback endpoint, so that Google tells us of each
 * save and delete of its objects (an object template's own callbackOptions is replaced: the counts depend on it).
 *
 * @example withCallbackOptions(config, walletClass).callbackOptions // { url: 'https://passes.example.com/wallet/google/v1/callback' }
 */
export function withCallbackOptions(config: Pick<ServerConfig, 'publicUrl'>, walletClass: WalletResource) {
  const existing = walletClass.callbackOptions;
  const options = typeof existing === 'object' && existing !== null ? existing : {};
  return {
    ...walletClass,
    callbackOptions: { ...options, url: `${config.publicUrl}${GOOGLE_CALLBACK_PATH}` },
  };
}

/**
 * A built pass object whose class (when it has one) names our callback endpoint: withCallbackOptions. Google calls
 * https addresses only: with an http PUBLIC_URL (development) the class is left as its template makes it.
 *
 * @example withClassCallback(config, passWalletObject(template, pass, issuerId)).walletClass?.callbackOptions
 */
export const withClassCallback = (
  config: Pick<ServerConfig, 'publicUrl'>,
  built: PassWalletObject,
): PassWalletObject =>
  built.walletClass && config.publicUrl.startsWith('https://')
    ? { ...built, walletClass: withCallbackOptions(config, built.walletClass) }
    : built;
