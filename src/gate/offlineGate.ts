import { codeKeys, entryResultOf } from '../../domain/ticket/entryRules';
import { splitRotatingCode } from '../../domain/ticket/rotatingCode';
import {
  OFFLINE_LIST_HOURS,
  type EntryResult,
  type OfflineList,
  type OfflineTicket,
} from '../../domain/schemas/ticketEntry';
import { canCheckRotatingCodes, checkOfflineRotatingCode } from './offlineRotatingCode';

/** A scan the gate let in without the network, waiting to be sent. */
export interface QueuedEntry {
  code: string;
  at: string;
  clientId: string;
  /** the list it was checked against (its signature is sent with it) */
  signature: string;
}

const LIST_KEY = 'passbase.gate.offlineList';
const QUEUE_KEY = 'passbase.gate.queue';

function read<T>(storage: Storage, key: string): T | undefined {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The gate's offline state in the browser's storage: the downloaded list (its entries left counted down as the
 * gate lets tickets in; with the keys of rotating barcodes, as secret as the tickets' codes) and the queue of entries
 * to send.
 *
 * @example const store = offlineStore(localStorage); store.saveList(list); await checkOffline(store.list()!, code, new Date())
 */
export function offlineStore(storage: Storage) {
  return {
    list: () => read<OfflineList>(storage, LIST_KEY),
    saveList: (list: OfflineList) => storage.setItem(LIST_KEY, JSON.stringify(list)),
    queue: () => read<QueuedEntry[]>(storage, QUEUE_KEY) ?? [],
    saveQueue: (queue: QueuedEntry[]) => storage.setItem(QUEUE_KEY, JSON.stringify(queue)),
  };
}
export type OfflineStore = ReturnType<typeof offlineStore>;

/** The ticket of the list a code names (its item number, or its pass's id inside the code), if any. */
export function offlineTicketOf(list: OfflineList, code: string): OfflineTicket | undefined {
  const { text, id } = codeKeys(code);
  return list.tickets.find(
    (ticket) =>
      ticket.codes.includes(text) ||
      (id !== undefined && (ticket.codes.includes(id) || ticket.orderItemId === id)),
  );
}

/**
 * Until when the gate may let tickets in from the list: its expiresAt, or (a list downloaded before lists had one)
 * OFFLINE_LIST_HOURS after it was made, as the server reckons.
 */
export function offlineListExpiry(list: Pick<OfflineList, 'generatedAt'> & { expiresAt?: string }): Date {
  return list.expiresAt
    ? new Date(list.expiresAt)
    : new Date(Date.parse(list.generatedAt) + OFFLINE_LIST_HOURS * 3_600_000);
}

/**
 * What the gate answers offline: an entry's result, that the list is too old to let anybody in, or that this
 * browser cannot check a rotating barcode's time-based code (no WebCrypto outside HTTPS).
 */
export type OfflineResult = EntryResult | 'listExpired' | 'codeUncheckable';

/**
 * Why the code presented cannot let the ticket in, if it cannot, as the server decides: a rotating barcode's
 * time-based code must be live at the scan's moment; a plain code is refused when the template requires the live
 * one. A time-based code of a ticket the list holds no key for was never shown by Google Wallet (its template does
 * not rotate).
 */
async function presentedCodeResult(
  ticket: OfflineTicket,
  totp: string | undefined,
  at: Date,
): Promise<OfflineResult | undefined> {
  const { rotation } = ticket;
  if (totp === undefined) return rotation?.required ? 'codeExpired' : undefined;
  if (!rotation) return 'codeForged';
  if (!canCheckRotatingCodes()) return 'codeUncheckable';
  const check = await checkOfflineRotatingCode(rotation, totp, at);
  return check === 'live' ? undefined : check === 'expired' ? 'codeExpired' : 'codeForged';
}

/**
 * Checks a code against the downloaded list as the server would (the list holds only paid, live tickets); an
 * accepted ticket has one entry less in the list answered. A code not in the list is unknown. A rotating barcode
 * (`<ticket code>~<TOTP>`) names its ticket by the code before its time-based part, which is checked at `at`. After
 * the list's expiry nothing is let in (the server would refuse the queued entry): the list must be downloaded again.
 *
 * @example const { result, list: after } = await checkOffline(list, scannedCode, new Date())
 */
export async function checkOffline(
  list: OfflineList,
  code: string,
  at: Date,
): Promise<{ result: OfflineResult; ticket: OfflineTicket | undefined; list: OfflineList }> {
  if (at.getTime() > offlineListExpiry(list).getTime())
    return { result: 'listExpired', ticket: undefined, list };
  const rotating = splitRotatingCode(code);
  const byTicketCode = rotating && offlineTicketOf(list, rotating.ticketCode);
  const ticket = byTicketCode ?? offlineTicketOf(list, code);
  if (!ticket) return { result: 'unknown', ticket, list };
  const codeResult = await presentedCodeResult(ticket, byTicketCode ? rotating?.value : undefined, at);
  if (codeResult) return { result: codeResult, ticket, list };
  const result = entryResultOf(
    {
      paymentState: 'paid',
      voided: false,
      validFrom: ticket.validFrom,
      validTo: ticket.validTo,
      entryCount: ticket.maxEntries - ticket.entriesLeft,
      maxEntries: ticket.maxEntries,
    },
    at,
  );
  if (result !== 'accepted') return { result, ticket, list };
  const counted = { ...ticket, entriesLeft: ticket.entriesLeft - 1 };
  return {
    result,
    ticket: counted,
    list: { ...list, tickets: list.tickets.map((other) => (other === ticket ? counted : other)) },
  };
}

/** Is the failure of a call the network's (no answer at all), rather than the server's answer? */
export const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (typeof error === 'object' && error !== null && !('status' in error));
