import type { AccessTokens } from './accessTokens';
import { fetchGoogle, googleFailure, googleMessage, jsonOf } from './googleErrors';
import type { WalletKind, WalletResource } from './objectKinds';
import type { GoogleIssuer } from './serviceAccounts';

/** An object (`loyaltyObject`) or a class (`loyaltyClass`) of Google's REST API. */
export type ResourcePart = 'Object' | 'Class';

export interface WalletObjectsApi {
  /** Inserts the resource, or patches it when Google already has one with its id (insert answers 409). */
  save(issuer: GoogleIssuer, kind: WalletKind, part: ResourcePart, resource: WalletResource): Promise<void>;
  /** Patches the resource; 'missing' when Google has none with its id (never saved to a wallet). */
  patch(
    issuer: GoogleIssuer,
    kind: WalletKind,
    part: ResourcePart,
    resource: WalletResource,
  ): Promise<'updated' | 'missing'>;
}

const FAILED = { en: 'Google Wallet API failed', cs: 'Volání Google Wallet API se nezdařilo' };

/**
 * Google Wallet's REST API (walletobjects/v1): insert and patch of objects and classes, with the service account's
 * bearer token. Failures become GoogleFailure (HttpError 502) with Google's message and status.
 *
 * @example await createWalletObjectsApi(config.googleWallet.apiBase, tokens).save(issuer, 'loyalty', 'Object', object)
 */
export function createWalletObjectsApi(apiBase: string, tokens: AccessTokens): WalletObjectsApi {
  async function send(issuer: GoogleIssuer, method: 'POST' | 'PATCH', url: string, resource: WalletResource) {
    const attempt = async () =>
      fetchGoogle(FAILED, url, {
        method,
        headers: {
          authorization: `Bearer ${await tokens.tokenFor(issuer)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(resource),
      });
    let response = await attempt();
    if (response.status === 401) {
      // the cached token was revoked or rotated: one retry with a fresh one
      await response.body?.cancel();
      tokens.forget(issuer);
      response = await attempt();
    }
    return response;
  }
  const collection = (kind: WalletKind, part: ResourcePart) => `${apiBase}/${kind}${part}`;
  const member = (kind: WalletKind, part: ResourcePart, id: string) =>
    `${collection(kind, part)}/${encodeURIComponent(id)}`;
  const fail = async (response: Response) =>
    googleFailure(FAILED, googleMessage(await jsonOf(response), response.status), response.status);

  return {
    async save(issuer, kind, part, resource) {
      const inserted = await send(issuer, 'POST', collection(kind, part), resource);
      if (inserted.ok) return void (await inserted.body?.cancel());
      if (inserted.status !== 409) throw await fail(inserted);
      await inserted.body?.cancel();
      const patched = await send(issuer, 'PATCH', member(kind, part, resource.id), resource);
      if (!patched.ok) throw await fail(patched);
      await patched.body?.cancel();
    },
    async patch(issuer, kind, part, resource) {
      const patched = await send(issuer, 'PATCH', member(kind, part, resource.id), resource);
      if (patched.status === 404) {
        await patched.body?.cancel();
        return 'missing';
      }
      if (!patched.ok) throw await fail(patched);
      await patched.body?.cancel();
      return 'updated';
    },
  };
}
