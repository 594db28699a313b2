import { zipSync, type Zippable } from 'fflate';
import type { OrderTicket } from './orderTickets';

/** Apple Wallet takes at most ten passes, and 150 MB, in one .pkpasses file. */
export const WALLET_BUNDLE_MAX_PASSES = 10;
export const WALLET_BUNDLE_MAX_BYTES = 150 * 1024 * 1024;
export const PKPASSES_TYPE = 'application/vnd.apple.pkpasses';

/** A link that adds a part of an order's passes to Apple Wallet at once; `parts` is 1 for ten passes or fewer. */
export interface WalletBundleLink {
  url: string;
  part: number;
  parts: number;
}

/**
 * The tickets whose passes an order's bundle holds: issued with a pass and still valid (a voided or refunded
 * ticket's pass is left out), in the order page's order.
 *
 * @example walletBundleTickets(await orderTickets(db, config, order.id, 'shop')).length // 3
 */
export function walletBundleTickets(
  tickets: readonly OrderTicket[],
): Array<OrderTicket & { passId: string }> {
  return tickets.filter(
    (ticket): ticket is OrderTicket & { passId: string } =>
      ticket.passId !== null && ticket.links !== undefined && !ticket.voided,
  );
}

/**
 * The bundled tickets split into Apple's parts of at most ten.
 *
 * @example walletBundleParts(twelveTickets).map((part) => part.length) // [10, 2]
 */
export function walletBundleParts<T>(tickets: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < tickets.length; start += WALLET_BUNDLE_MAX_PASSES)
    parts.push(tickets.slice(start, start + WALLET_BUNDLE_MAX_PASSES));
  return parts;
}

/**
 * The "Add all to Apple Wallet" links of an order: none below two valid passes (its single pass's own link does),
 * one per part of ten otherwise. `bundleUrl` is the order's bundle address with its secret (…/pkpasses?token=…);
 * `tag` tells the reports where it was opened.
 *
 * @example walletBundleLinks(`${base}/pkpasses?token=${token}`, tickets, 'email')[0].url // '…&tag=email'
 */
export function walletBundleLinks(
  bundleUrl: string,
  tickets: readonly OrderTicket[],
  tag: string,
): WalletBundleLink[] {
  const bundled = walletBundleTickets(tickets);
  if (bundled.length < 2) return [];
  const parts = walletBundleParts(bundled).length;
  return Array.from({ length: parts }, (_, index) => ({
    url: `${bundleUrl}${parts > 1 ? `&part=${index + 1}` : ''}&tag=${tag}`,
    part: index + 1,
    parts,
  }));
}

/**
 * A .pkpasses file: a zip of the signed .pkpass files, stored as they are (each is a zip already).
 *
 * @example const body = pkpassesArchive([{ name: '9026000001.pkpass', body: pkpassBytes(signed) }])
 */
export function pkpassesArchive(passes: ReadonlyArray<{ name: string; body: Uint8Array }>): Buffer {
  const files: Zippable = {};
  for (const pass of passes) files[pass.name] = [pass.body, { level: 0 }];
  const zipped = zipSync(files);
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
