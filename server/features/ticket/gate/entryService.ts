import { Right, can, canAnywhere } from '../../../../domain/rights';
import { codeKeys, entryResultOf, isItemNumberShape } from '../../../../domain/ticket/entryRules';
import { splitRotatingCode } from '../../../../domain/ticket/rotatingCode';
import {
  MAX_OFFLINE_TICKETS,
  OFFLINE_LIST_HOURS,
  type EntryAnswer,
  type EntryRequest,
  type EntryResult,
  type GateEshops,
  type OfflineList,
  type OfflineRotation,
  type SyncAnswer,
  type SyncRequest,
} from '../../../../domain/schemas/ticketEntry';
import type { Viewer } from '../../../../domain/schemas/user';
import type { AppContext } from '../../../kernel/appContext';
import { secretFromEnvOrFile } from '../../../kernel/auth/secrets';
import type { Db } from '../../../kernel/db/database';
import type { EshopRow, OrderItemRow, TicketEntryRow } from '../../../kernel/db/tables';
import { recordChange } from '../../../kernel/engine/auditTrail';
import { publishIfHeard } from '../../../kernel/events/integrationEvents';
import { entityOf } from '../../../kernel/engine/crudService';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { badRequest, forbidden } from '../../../kernel/http/errors';
import { eshopRepository } from '../eshopRepository';
import { orderItemDefinition } from '../orderItemResource';
import { announcePassChange, passDefinition } from '../../passes';
import { checkRotatingCode, rotatingKeysOf, rotationOf } from '../../wallet';
import { orderItemChange } from '../orderTrail';
import { entryRepository, type GateItemRow, type NewEntry } from './entryRepository';
import {
  offlineListSigner,
  ticketsDigest,
  type OfflineListSigner,
  type SignedList,
} from './offlineSignature';

/** How far a gate's clock may drift from the server's: a queued scan's time is trusted within it. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** An item number can be guessed: it is taken only at a gate that checks its e-shop's tickets (nothing recorded). */
const numberNeedsEshop = () =>
  badRequest(
    {
      en: 'A typed ticket number is checked only at a gate of one e-shop: choose the e-shop, or scan the ticket’s code.',
      cs: 'Zadané číslo vstupenky se kontroluje jen na vstupu jednoho e-shopu: vyberte e-shop, nebo naskenujte kód vstupenky.',
    },
    [
      {
        path: '/eshopId',
        message: 'is needed to check a ticket by its number',
        cs: 'je potřeba ke kontrole vstupenky podle čísla',
      },
    ],
  );

/** What a scan found: the answer, the ticket (as it is after the scan) and where the scan belongs. */
interface Decision {
  result: EntryResult;
  item: GateItemRow | undefined;
  entriesLeft: number | null;
  eshopId: string | null;
  projectId: string | null;
  /** the pass to push: its ticket was just counted */
  passToPush: string | null;
}

interface Scan {
  code: string;
  at: Date;
  eshop: EshopRow | undefined;
}

function mustCheckTickets(viewer: Viewer): void {
  if (!canAnywhere(viewer, Right.TICKET_ENTRY))
    throw forbidden({
      en: 'Checking tickets at the gate needs TICKET_ENTRY on their project.',
      cs: 'Kontrola vstupenek na vstupu vyžaduje právo TICKET_ENTRY na jejich projektu.',
    });
}

const mayCheck = (viewer: Viewer, projectId: string | null) => can(viewer, Right.TICKET_ENTRY, projectId);

/** The e-shop a gate checks tickets of: live, and of a project where the viewer may check tickets (else 400). */
async function gateEshop(call: CallContext, eshopId: string, path: string): Promise<EshopRow> {
  const eshop = await eshopRepository.findLive(call.app.db, eshopId);
  if (!eshop || !mayCheck(call.viewer, eshop.projectId))
    throw badRequest({ en: 'The e-shop (eshopId) was not found.', cs: 'E-shop (eshopId) nebyl nalezen.' }, [
      { path, message: 'was not found', cs: 'nebyl nalezen' },
    ]);
  return eshop;
}

/** Where a scan of no ticket belongs: the gate's e-shop, else the one project where the viewer checks tickets. */
function projectOfUnknown(viewer: Viewer, eshop: EshopRow | undefined): string | null {
  if (eshop) return eshop.projectId;
  const projects = Object.keys(viewer.projects).filter((id) => mayCheck(viewer, id));
  return !viewer.isAdmin && projects.length === 1 ? projects[0] : null;
}

/** The item's own row: without its line's customer data, which never enters the audit trail, nor its pass's state. */
function ownRow(item: GateItemRow): OrderItemRow {
  const row: Partial<GateItemRow> = { ...item };
  delete row.data;
  delete row.passVoided;
  delete row.templateGoogleWallet;
  return row as OrderItemRow;
}

/** The time-based part of a scanned rotating barcode (`<ticket code>~<TOTP>`), once its ticket code named a ticket. */
type PresentedTotp = string | undefined;

/**
 * Why the code presented cannot let the ticket in, if it cannot: a rotating barcode's time-based code is checked at
 * the moment of the scan (live within its period, ± one for the clocks of phone and gate); a plain code is refused
 * only when the ticket's template requires the live one (its Google Wallet settings). An item without a pass has
 * no rotating code.
 */
async function presentedCodeResult(
  call: CallContext,
  item: GateItemRow,
  totp: PresentedTotp,
  at: Date,
): Promise<EntryResult | undefined> {
  const rotation = rotationOf(item.templateGoogleWallet);
  if (totp === undefined) return rotation?.required ? 'codeExpired' : undefined;
  if (!item.passId) return 'codeForged';
  const settings = rotation ?? { periodMs: 30_000, digits: totp.length };
  const check = await checkRotatingCode(rotatingKeysOf(call.app.config)(item.passId), totp, at, settings);
  return check === 'live' ? undefined : check === 'expired' ? 'codeExpired' : 'codeForged';
}

/** The live items a code names that the viewer may check. */
async function candidatesOf(trx: Db, call: CallContext, code: string, eshop: EshopRow | undefined) {
  const keys = codeKeys(code);
  if (!keys.text) return [];
  return (await entryRepository.findByCode(trx, keys.text, keys.id, eshop?.id)).filter((item) =>
    mayCheck(call.viewer, item.projectId),
  );
}

/**
 * Decides a scan, counting the entry when the ticket may enter. Another project's ticket is not even said to exist
 * (unknown). A pass voided because its ticket is used up answers `used`, not `voided`. A counted entry is in the
 * audit trail. Run in a transaction.
 */
async function decide(trx: Db, call: CallContext, scan: Scan): Promise<Decision> {
  const { viewer } = call;
  const keys = codeKeys(scan.code);
  const { eshop } = scan;
  // a rotating barcode names its ticket by the code before its time-based part; any other code names it whole
  const rotating = splitRotatingCode(scan.code);
  const byTicketCode = rotating ? await candidatesOf(trx, call, rotating.ticketCode, eshop) : [];
  const totp: PresentedTotp = byTicketCode.length ? rotating?.value : undefined;
  const candidates = byTicketCode.length ? byTicketCode : await candidatesOf(trx, call, scan.code, eshop);
  const item = (eshop && candidates.find((candidate) => candidate.eshopId === eshop.id)) ?? candidates[0];
  if (!item && !eshop && isItemNumberShape(keys.text)) throw numberNeedsEshop();
  if (!item)
    return {
      result: 'unknown',
      item: undefined,
      entriesLeft: null,
      eshopId: eshop?.id ?? null,
      projectId: projectOfUnknown(viewer, eshop),
      passToPush: null,
    };
  const left = (ticket: OrderItemRow) => ticket.productMaxEntries - ticket.entryCount;
  const found = (result: EntryResult, ticket: GateItemRow): Decision => ({
    result,
    item: ticket,
    entriesLeft: left(ticket),
    eshopId: ticket.eshopId,
    projectId: ticket.projectId,
    passToPush: null,
  });
  if (eshop && item.eshopId !== eshop.id) return found('anotherEshop', item);
  const codeResult = await presentedCodeResult(call, item, totp, scan.at);
  if (codeResult) return found(codeResult, item);
  const usedUp = item.entryCount >= item.productMaxEntries;
  const result = entryResultOf(
    {
      paymentState: item.paymentState,
      voided: item.state === 'invalidated' || (item.passVoided === true && !usedUp),
      validFrom: item.validFrom,
      validTo: item.validTo,
      entryCount: item.entryCount,
      maxEntries: item.productMaxEntries,
    },
    scan.at,
  );
  if (result !== 'accepted') return found(result, item);
  const counted = await entryRepository.countEntry(trx, item.id, scan.at);
  if (!counted) {
    // another gate took the last entry meanwhile
    const now = await entryRepository.findItem(trx, item.id);
    return found('used', now ?? item);
  }
  // the entry count changed: the audit trail records it under the gate's user
  await recordChange(
    { ...call.app, db: trx },
    viewer,
    orderItemChange(call.app.config, ownRow(item), counted),
  );
  if (counted.passId) {
    const pass = await entryRepository.passFollows(
      trx,
      counted.passId,
      counted.entryCount,
      counted.productMaxEntries,
    );
    // the pass changes around the resource engine, so its webhooks' event is published here, as the engine would
    if (pass)
      await publishIfHeard(
        call.app.integrationEvents,
        trx,
        pass.projectId,
        pass.voided ? 'pass.voided' : 'pass.updated',
        () => entityOf(passDefinition, call.app.config, pass),
      );
  }
  return { ...found('accepted', { ...item, ...counted }), passToPush: counted.passId };
}

/**
 * Webhooks hear of every recorded scan of a project (ticket.entry), accepted or not, in the scan's transaction: the
 * entry's ids, its result and what the ticket has left (not the code scanned, which may be the ticket's secret).
 */
function publishEntry(
  call: CallContext,
  trx: Db,
  entry: TicketEntryRow,
  decision: Decision,
): Promise<boolean> {
  return publishIfHeard(call.app.integrationEvents, trx, entry.projectId, 'ticket.entry', () => ({
    id: entry.id,
    orderItemId: entry.orderItemId,
    passId: decision.item?.passId ?? null,
    itemNumber: decision.item?.itemNumber ?? null,
    result: entry.result,
    entriesLeft: entry.entriesLeft,
    at: entry.at,
    eshopId: entry.eshopId,
    projectId: entry.projectId,
    gate: entry.gate,
    offline: entry.offline,
  }));
}

/** The ticket's pass reached its wallets' devices: a new update tag, and a push. */
async function followWallet(call: CallContext, decision: Decision): Promise<void> {
  if (decision.passToPush) await announcePassChange(call.app, decision.passToPush);
}

function entryOf(
  call: CallContext,
  decision: Decision,
  scan: Scan,
  extra: Pick<NewEntry, 'gate' | 'offline' | 'clientId'>,
): NewEntry {
  return {
    orderItemId: decision.item?.id ?? null,
    code: scan.code,
    result: decision.result,
    entriesLeft: decision.entriesLeft,
    // an API client is no user: its entries name the client instead
    userId: call.viewer.apiClient ? null : call.viewer.id,
    apiClientId: call.viewer.apiClient ? call.viewer.id : null,
    at: scan.at,
    eshopId: decision.eshopId,
    projectId: decision.projectId,
    ...extra,
  };
}

const orderItemEntity = (call: CallContext, item: GateItemRow | undefined) =>
  item ? (entityOf(orderItemDefinition, call.app.config, item) as EntryAnswer['orderItem']) : null;

/**
 * A scan at the gate (POST /api/ticket/v1/entry): the answer, the entry counted when accepted (atomically), the
 * scan recorded whatever its answer, and the ticket's pass updated and pushed.
 */
export async function scanTicket(call: CallContext, body: EntryRequest): Promise<EntryAnswer> {
  mustCheckTickets(call.viewer);
  const eshop = body.eshopId ? await gateEshop(call, body.eshopId, '/eshopId') : undefined;
  const scan: Scan = { code: body.code, at: new Date(), eshop };
  const { decision, entry, published } = await call.app.db.transaction().execute(async (trx) => {
    const decided = await decide(trx, call, scan);
    const recorded = await entryRepository.record(
      trx,
      entryOf(call, decided, scan, { gate: body.gate ?? null, offline: false, clientId: null }),
    );
    return {
      decision: decided,
      entry: recorded,
      published: await publishEntry(call, trx, recorded, decided),
    };
  });
  if (published) call.app.integrationEvents.wake();
  await followWallet(call, decision);
  return {
    result: decision.result,
    orderItem: orderItemEntity(call, decision.item),
    entriesLeft: decision.entriesLeft,
    entryId: entry.id,
  };
}

/** The e-shops whose tickets the viewer may check, for the gate's choice (GET /api/ticket/v1/entry/eshop). */
export async function gateEshops(call: CallContext): Promise<GateEshops> {
  mustCheckTickets(call.viewer);
  const { viewer } = call;
  const projects = viewer.isAdmin ? 'all' : Object.keys(viewer.projects).filter((id) => mayCheck(viewer, id));
  return { data: await entryRepository.eshops(call.app.db, projects) };
}

const signers = new WeakMap<AppContext, OfflineListSigner>();
function signerOf(context: AppContext): OfflineListSigner {
  let signer = signers.get(context);
  if (!signer) {
    const { tokenSecret, dataDir } = context.config;
    signer = offlineListSigner(secretFromEnvOrFile(tokenSecret, dataDir, 'token-secret'));
    signers.set(context, signer);
  }
  return signer;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * What an offline gate checks a ticket's rotating barcode with, for a ticket whose pass's template rotates it: the
 * pass's key, so the list is as secret as the tickets' codes (it goes only to gates of the e-shop's project).
 */
function offlineRotationOf(
  call: CallContext,
  passId: string | null,
  templateGoogleWallet: unknown,
): { rotation?: OfflineRotation } {
  const rotation = passId ? rotationOf(templateGoogleWallet) : undefined;
  if (!passId || !rotation) return {};
  return { rotation: { key: rotatingKeysOf(call.app.config)(passId).toString('hex'), ...rotation } };
}

/** The tickets of an e-shop a gate may let in without the network, signed (GET /api/ticket/v1/entry/offline). */
export async function offlineList(call: CallContext, eshopId: string): Promise<OfflineList> {
  mustCheckTickets(call.viewer);
  const eshop = await gateEshop(call, eshopId, '/eshopId');
  const now = new Date();
  const rows = await entryRepository.offlineTickets(call.app.db, eshop.id, now, MAX_OFFLINE_TICKETS);
  const tickets = rows.map((row) => ({
    orderItemId: row.id,
    codes: [row.ticketSecret, row.itemNumber, row.passId].filter((code): code is string => Boolean(code)),
    productName: row.productName,
    maxEntries: row.productMaxEntries,
    entriesLeft: row.productMaxEntries - row.entryCount,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    ...offlineRotationOf(call, row.passId, row.templateGoogleWallet),
  }));
  const generatedAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + OFFLINE_LIST_HOURS * HOUR).toISOString();
  const signature = signerOf(call.app).sign({
    eshopId: eshop.id,
    userId: call.viewer.id,
    generatedAt,
    expiresAt,
    digest: ticketsDigest(tickets),
  });
  return { eshopId: eshop.id, generatedAt, expiresAt, tickets, signature };
}

const HOUR = 60 * 60_000;

/**
 * Why a queued scan's time cannot be true, if it cannot: in the future, before its list was made, or after the
 * list expired (each within the gate clock's skew where the gate's clock decides).
 */
function scanTimeProblem(at: number, list: SignedList): { message: string; cs: string } | undefined {
  const generated = Date.parse(list.generatedAt);
  const expires = list.expiresAt ? Date.parse(list.expiresAt) : generated + OFFLINE_LIST_HOURS * HOUR;
  if (at > Date.now() + CLOCK_SKEW_MS) return { message: 'is in the future', cs: 'je v budoucnosti' };
  if (at < generated - CLOCK_SKEW_MS)
    return {
      message: `is before the offline list was downloaded (${list.generatedAt})`,
      cs: `je před stažením offline seznamu (${list.generatedAt})`,
    };
  if (at > expires)
    return {
      message: `is after the offline list expired (${new Date(expires).toISOString()})`,
      cs: `je po vypršení offline seznamu (${new Date(expires).toISOString()})`,
    };
  return undefined;
}

type SyncedEntry = SyncAnswer['entries'][number];

function syncedOf(clientId: string, entry: TicketEntryRow, item: GateItemRow | undefined, repeated: boolean) {
  const result = entry.result as EntryResult;
  return {
    clientId,
    result,
    conflict: result !== 'accepted',
    repeated,
    orderItemId: entry.orderItemId,
    productName: item?.productName ?? null,
    itemNumber: item?.itemNumber ?? null,
    entriesLeft: entry.entriesLeft,
  } satisfies SyncedEntry;
}

/**
 * Scans a gate let in offline, sent when it is back (POST /api/ticket/v1/entry/sync): applied (and answered) in the
 * order they were scanned, each once per clientId (a repeated one answers its first result), against the e-shop of the
 * signed list the gate scanned with. A result other than accepted is a conflict the staff should see.
 */
export async function syncEntries(call: CallContext, body: SyncRequest): Promise<SyncAnswer> {
  mustCheckTickets(call.viewer);
  const list = signerOf(call.app).read(body.signature);
  if (!list || list.userId !== call.viewer.id)
    throw badRequest(
      {
        en: 'The offline list (signature) is not one this server gave you: download the list again.',
        cs: 'Offline seznam (signature) vám tento server nevydal: stáhněte seznam znovu.',
      },
      [
        {
          path: '/signature',
          message: 'is not the signature of an offline list of yours',
          cs: 'není podpis vašeho offline seznamu',
        },
      ],
    );
  const problems = body.entries.flatMap((entry, index) => {
    const problem = scanTimeProblem(Date.parse(entry.at), list);
    return problem ? [{ path: `/entries/${index}/at`, ...problem }] : [];
  });
  if (problems.length)
    throw badRequest(
      {
        en: 'Queued entries can only have been scanned while their offline list was valid (from its download to its expiry), and not in the future.',
        cs: 'Vstupy ve frontě mohly být naskenovány jen v době platnosti jejich offline seznamu (od stažení do vypršení), a ne v budoucnosti.',
      },
      problems,
    );
  const eshop = await gateEshop(call, list.eshopId, '/signature');
  const queue = [...body.entries].sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || a.clientId.localeCompare(b.clientId),
  );
  const answers: SyncedEntry[] = [];
  const gate = body.gate ?? null;
  for (const queued of queue) {
    const scan: Scan = { code: queued.code, at: new Date(queued.at), eshop };
    const outcome = await call.app.db.transaction().execute(async (trx) => {
      const extra = { gate, offline: true, clientId: queued.clientId };
      const provisional = entryOf(
        call,
        {
          result: 'unknown',
          item: undefined,
          entriesLeft: null,
          eshopId: eshop.id,
          projectId: eshop.projectId,
          passToPush: null,
        },
        scan,
        extra,
      );
      const claimed = await entryRepository.recordOnce(trx, provisional);
      if (!claimed) {
        const first = await entryRepository.findByClientId(trx, provisional, queued.clientId);
        const item = first?.orderItemId ? await entryRepository.findItem(trx, first.orderItemId) : undefined;
        return { decision: undefined, answer: first && syncedOf(queued.clientId, first, item, true) };
      }
      const decision = await decide(trx, call, scan);
      const entry = await entryRepository.settle(trx, claimed.id, entryOf(call, decision, scan, extra));
      const published = await publishEntry(call, trx, entry, decision);
      return { decision, published, answer: syncedOf(queued.clientId, entry, decision.item, false) };
    });
    if (outcome.published) call.app.integrationEvents.wake();
    if (outcome.decision) await followWallet(call, outcome.decision);
    if (outcome.answer) answers.push(outcome.answer);
  }
  return { entries: answers };
}
