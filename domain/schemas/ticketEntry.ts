import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { DateTime, EntityFields, Nullable, Uuid } from './common';
import { OrderItemSchema } from './orderItem';

/**
 * What a scan at the gate answers: the ticket let in (`accepted`), or why not. `anotherEshop`: the gate asked for
 * one e-shop's tickets and this is another e-shop's ticket (of a project the gate may check). `codeExpired`: a
 * rotating barcode's code that is no longer live (a screenshot), or the plain code of a ticket whose template
 * requires the live one: the holder should show the live code. `codeForged`: a rotating barcode's code that was
 * never the ticket's.
 */
export const ENTRY_RESULTS = [
  'accepted',
  'used',
  'notYetValid',
  'expired',
  'voided',
  'unpaid',
  'unknown',
  'anotherEshop',
  'codeExpired',
  'codeForged',
] as const;
export type EntryResult = (typeof ENTRY_RESULTS)[number];
export const EntryResultSchema = Type.Union(ENTRY_RESULTS.map((result) => Type.Literal(result)));

/** The longest code a gate sends: a pass's barcode message or an item number, never a document. */
export const MAX_ENTRY_CODE_LENGTH = 512;
/** The most queued entries one sync sends (a gate sends the rest in the next one). */
export const MAX_SYNC_ENTRIES = 500;

const Code = () => Type.String({ minLength: 1, maxLength: MAX_ENTRY_CODE_LENGTH });
const GateLabel = () => Type.String({ minLength: 1, maxLength: 100 });
const ClientId = () => Type.String({ minLength: 1, maxLength: 100 });

/** One scan at a gate, accepted or not; recorded by the server, never written through the API. */
export const TicketEntrySchema = Type.Object({
  ...EntityFields,
  /** the ticket scanned; null when the code named none the gate may check */
  orderItemId: Nullable(Uuid()),
  code: Type.String(),
  result: EntryResultSchema,
  /** entries the ticket has left after the scan; null for an unknown code */
  entriesLeft: Nullable(Type.Integer()),
  /** who scanned (the signed-in user) */
  userId: Nullable(Uuid()),
  /** when the ticket was scanned (a queued offline scan: when the gate scanned it, not when it was sent) */
  at: DateTime(),
  /** the ticket's e-shop and project (an unknown code: the e-shop the gate asked for, if any) */
  eshopId: Nullable(Uuid()),
  projectId: Nullable(Uuid()),
  /** the gate or device, as the gate calls itself */
  gate: Nullable(Type.String()),
  /** scanned offline and sent later */
  offline: Type.Boolean(),
  /** the gate's id of a queued scan (a sync sent twice counts it once) */
  clientId: Nullable(Type.String()),
  /** read with the entry (gate staff read no users, e-shops or others' items): who scanned, by name */
  userName: Nullable(Type.String()),
  /** the e-shop's name */
  eshopName: Nullable(Type.String()),
  /** the scanned ticket's product (as sold) and item number */
  productName: Nullable(Type.String()),
  itemNumber: Nullable(Type.String()),
});
export type TicketEntry = Static<typeof TicketEntrySchema>;

const NoWrites = Type.Object({}, { additionalProperties: false });

/** What a row of the gate's entries shows (the entry's page adds the gate's id of an offline scan). */
const ENTRY_COLUMNS = [
  'at',
  'code',
  { field: 'result', widget: 'entryResult' },
  'productName',
  { field: 'itemNumber', widget: 'itemNumber' },
  'entriesLeft',
  'eshopName',
  'userName',
  'gate',
  'offline',
] as const;

export const ticketEntryResource = defineResource({
  name: 'ticketEntry',
  label: 'entry',
  api: 'ticket',
  route: 'ticket/ticketEntry',
  schema: TicketEntrySchema,
  createSchema: NoWrites,
  updateSchema: NoWrites,
  project: 'projectId',
  access: {
    read: { anyOf: ['TICKET_ENTRY'] },
    create: { nobody: 'Entries are recorded by the gate (POST /api/ticket/v1/entry).' },
    update: { nobody: 'Entries are recorded by the gate (POST /api/ticket/v1/entry).' },
    delete: { nobody: 'Entries are kept as they were scanned.' },
  },
  representation: 'code',
  menu: { group: 'ticket', icon: 'HowToReg' },
  references: { orderItemId: 'orderItem', eshopId: 'eshop', userId: 'user' },
  filter: ['orderItemId', 'result', 'eshopId', 'userId', 'at', 'code'],
  sort: ['id', 'at', 'result', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'at', order: 'desc' },
  ui: {
    list: {
      columns: ENTRY_COLUMNS,
      filters: [
        { field: 'orderItemId', kind: 'id' },
        { field: 'result', labels: 'app.gate.entryResult' },
        { field: 'eshopId', widget: 'gateEshop' },
        { field: 'userId', kind: 'id' },
        'at',
        'code',
      ],
    },
    page: [
      'at',
      'code',
      { field: 'result', labels: 'app.gate.entryResult' },
      'productName',
      { field: 'itemNumber', widget: 'itemNumber' },
      'entriesLeft',
      'eshopName',
      'userName',
      'gate',
      'offline',
      { field: 'clientId', hiddenWhenEmpty: true },
      'createdAt',
    ],
  },
});

/** POST /api/ticket/v1/entry: a scan at the gate. */
export const EntryRequestSchema = Type.Object(
  {
    code: Code(),
    /** only this e-shop's tickets are let in */
    eshopId: Type.Optional(Uuid()),
    gate: Type.Optional(GateLabel()),
  },
  { additionalProperties: false },
);
export type EntryRequest = Static<typeof EntryRequestSchema>;

export const EntryAnswerSchema = Type.Object({
  result: EntryResultSchema,
  orderItem: Nullable(OrderItemSchema),
  entriesLeft: Nullable(Type.Integer()),
  entryId: Uuid(),
});
export type EntryAnswer = Static<typeof EntryAnswerSchema>;

/** GET /api/ticket/v1/entry/eshop: the e-shops whose tickets the viewer may check (gate staff read no e-shops). */
export const GateEshopsSchema = Type.Object({
  data: Type.Array(Type.Object({ id: Uuid(), name: Type.String() })),
});
export type GateEshops = Static<typeof GateEshopsSchema>;

/**
 * How a ticket of the offline list rotates its Google Wallet barcode: its pass's TOTP key (hex; whoever holds it can
 * make the ticket's live codes), the period, the digits, and whether only the live code lets it in.
 */
export const OfflineRotationSchema = Type.Object({
  key: Type.String({ pattern: '^[0-9a-f]+$' }),
  periodMs: Type.Integer(),
  digits: Type.Integer(),
  required: Type.Boolean(),
});
export type OfflineRotation = Static<typeof OfflineRotationSchema>;

/** A ticket of the offline list: what a gate needs to let it in without the network. */
export const OfflineTicketSchema = Type.Object({
  orderItemId: Uuid(),
  /** the codes that name it: its secret (its barcode), its item number and its pass's id */
  codes: Type.Array(Type.String()),
  productName: Type.String(),
  maxEntries: Type.Integer(),
  entriesLeft: Type.Integer(),
  validFrom: Nullable(DateTime()),
  validTo: Nullable(DateTime()),
  /** only for a ticket whose template rotates its barcode: what the gate checks the time-based code with */
  rotation: Type.Optional(OfflineRotationSchema),
});
export type OfflineTicket = Static<typeof OfflineTicketSchema>;

/** The most tickets an offline list holds. */
export const MAX_OFFLINE_TICKETS = 50_000;

export const OfflineListQuerySchema = Type.Object({ eshopId: Uuid() }, { additionalProperties: false });

/** How long a gate may let tickets in from one offline list: scans after it are refused by the gate and the server. */
export const OFFLINE_LIST_HOURS = 24;

export const OfflineListSchema = Type.Object({
  eshopId: Uuid(),
  generatedAt: DateTime(),
  /** scans after this time are not let in from the list (download it again) */
  expiresAt: DateTime(),
  tickets: Type.Array(OfflineTicketSchema),
  /** the list's signature: sent back with the queued entries, the server checks it */
  signature: Type.String(),
});
export type OfflineList = Static<typeof OfflineListSchema>;

export const SyncRequestSchema = Type.Object(
  {
    /** the signature of the offline list the gate scanned against */
    signature: Type.String({ minLength: 1, maxLength: 1000 }),
    gate: Type.Optional(GateLabel()),
    entries: Type.Array(
      Type.Object({ code: Code(), at: DateTime(), clientId: ClientId() }, { additionalProperties: false }),
      { minItems: 1, maxItems: MAX_SYNC_ENTRIES },
    ),
  },
  { additionalProperties: false },
);
export type SyncRequest = Static<typeof SyncRequestSchema>;

export const SyncAnswerSchema = Type.Object({
  entries: Type.Array(
    Type.Object({
      clientId: Type.String(),
      result: EntryResultSchema,
      /** the gate let the person in, but the server found the ticket could not be (used meanwhile elsewhere…) */
      conflict: Type.Boolean(),
      /** this clientId was sent before: its first answer, nothing counted again */
      repeated: Type.Boolean(),
      orderItemId: Nullable(Uuid()),
      productName: Nullable(Type.String()),
      itemNumber: Nullable(Type.String()),
      entriesLeft: Nullable(Type.Integer()),
    }),
  ),
});
export type SyncAnswer = Static<typeof SyncAnswerSchema>;
