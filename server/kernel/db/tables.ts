import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Columns every entity table has. Column names are the API's field names. */
interface EntityColumns {
  id: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: NullableTimestamp;
}

export interface UserTable extends EntityColumns {
  email: string;
  displayName: string;
  passwordHash: string;
  isAdmin: boolean;
  active: boolean;
}

export interface ProjectTable extends EntityColumns {
  name: string;
  description: string | null;
  active: boolean;
  parentId: string | null;
}

export interface ProjectUserTable {
  projectId: string;
  userId: string;
  rights: number;
}

export interface SessionTable {
  id: Generated<string>;
  /** null for a session of an API client (the client_credentials grant) */
  userId: string | null;
  apiClientId: ColumnType<string | null, string | null | undefined, string | null>;
  /** the rights mask its tokens are narrowed to (OAuth2 scope); null: not narrowed */
  scope: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface ApiClientTable extends EntityColumns {
  name: string;
  clientId: string;
  /** SHA-256 of the secret; null for a public client, which has none */
  secretHash: string | null;
  active: boolean;
  isPublic: Generated<boolean>;
  /** its own API requests per minute; null: API_RATE_LIMIT */
  rateLimit: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An API client's rights on one project (the client_credentials grant), as a member's in `projectUser`. */
export interface ApiClientProjectTable {
  apiClientId: string;
  projectId: string;
  rights: number;
}

/** The first answer to a POST with an Idempotency-Key, per principal, kept 24 hours (http/idempotency.ts). */
export interface IdempotencyKeyTable {
  /** 'user:<id>', 'client:<id>' or 'public' */
  principal: string;
  key: string;
  /** SHA-256 of the method, path and raw body */
  requestHash: string;
  state: 'running' | 'done';
  status: number | null;
  contentType: string | null;
  location: string | null;
  body: string | null;
  createdAt: Generated<Date>;
}

/** A failed guess of a password or client secret, kept the guessing limits' window (auth/guessThrottle.ts). */
export interface GuessFailureTable {
  /** which secret was guessed: 'password' or 'clientSecret' */
  kind: string;
  /** who guessed: the guesser's address, or their address and the account guessed at */
  key: string;
  at: Generated<Date>;
}

/** One refresh token of a session (its family); only the HMAC of the token is kept. */
export interface RefreshTokenTable {
  id: Generated<string>;
  sessionId: string;
  apiClientId: string;
  tokenHash: string;
  /** the scope granted with the family's first token, echoed on each refresh */
  scope: Generated<string>;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  /** set when the token was exchanged for the next one; presented again after that, it ends the family */
  usedAt: NullableTimestamp;
}

/** jsonb: written as JSON text (see jsonColumn), read as parsed JSON. */
type Json = ColumnType<unknown, string | null, string | null>;
/** A JSON column with a default: optional on insert. */
type JsonWithDefault = ColumnType<unknown, string | undefined, string>;

export interface CertificateTable extends EntityColumns {
  name: string;
  projectId: string;
  passTypeId: string | null;
  teamId: string | null;
  expiration: NullableTimestamp;
  csr: string;
  privateKey: string;
  certificate: string | null;
  /** Apple enabled the certificate for NFC: its passes may carry an `nfc` dictionary */
  nfcEnabled: Generated<boolean>;
  /** the last expiry warning sent (days before expiration: 30, 7, 1, 0 once expired); null: none yet */
  expiryWarnedDays: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ImageTable extends EntityColumns {
  name: string;
  projectId: string;
  type: string;
  mimeType: string;
  width: number;
  height: number;
  fileSize: number;
  storageKey: string;
}

export interface TemplateTable extends EntityColumns {
  name: string;
  projectId: string;
  certificateId: string | null;
  jsonTemplate: Json;
  dynamicDataJsonSchema: Json;
  languages: Json;
  images: Json;
  translations: Json;
  distributable: boolean;
  saveToGooglePayObjectTemplate: Json;
  /** Google Wallet settings (domain/template/googleWalletOptions.ts), null when none */
  googleWallet: Json;
  /** clicks on the links of its passes go through the distribution's redirect and are counted */
  trackLinks: Generated<boolean>;
}

export interface PassTable extends EntityColumns {
  projectId: string;
  templateId: string;
  dynamicData: Json;
  dynamicImages: Json;
  voided: boolean;
  expirationDate: NullableTimestamp;
  devicesTotal: Generated<number>;
  /** the Google Wallets among devicesTotal (save callbacks); the rest are Apple Wallet devices */
  devicesAndroid: Generated<number>;
  downloads: Generated<number>;
  firstRegisterAt: NullableTimestamp;
  lastRegisterAt: NullableTimestamp;
  firstUnregisterAt: NullableTimestamp;
  lastUnregisterAt: NullableTimestamp;
  /** Apple Wallet's ApplePass token of this pass: never in an API answer */
  authenticationToken: Generated<string>;
  /** when the pass as a wallet shows it last changed (pass edits, template pushes): the update tag */
  walletUpdatedAt: Timestamp;
}

export interface DeviceTable {
  id: Generated<string>;
  deviceLibraryIdentifier: string;
  pushToken: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RegistrationTable {
  id: Generated<string>;
  deviceId: string;
  passId: string;
  passTypeIdentifier: string;
  createdAt: Timestamp;
  deletedAt: NullableTimestamp;
}

/** A pass's Google Wallet object saved in a wallet (Google's save callback), until its delete callback. */
export interface GoogleRegistrationTable {
  id: Generated<string>;
  passId: string;
  objectId: string;
  classId: string;
  createdAt: Generated<Date>;
  deletedAt: NullableTimestamp;
}

/** A Google Wallet callback's nonce, kept until its message expires: a replay of it changes nothing. */
export interface GoogleCallbackNonceTable {
  nonce: string;
  expiresAt: Date;
}

export type PassEventType = 'preview' | 'download' | 'register' | 'unregister' | 'update' | 'push' | 'link';
export type ClientClass = 'ios' | 'android' | 'desktop' | 'other';

export interface PassEventTable {
  id: Generated<string>;
  passId: string | null;
  templateId: string | null;
  projectId: string;
  type: PassEventType;
  format: string | null;
  tag: string | null;
  client: ClientClass | null;
  /** the address of a clicked link (type 'link') */
  url: string | null;
  createdAt: Timestamp;
}

/** Events per UTC hour (kept by a trigger on "passEvent"); tag and url are '' when the events have none. */
export interface ReportEventHourlyTable {
  hour: Date;
  projectId: string;
  templateId: string | null;
  type: PassEventType;
  tag: string;
  url: string;
  count: ColumnType<string, string | number, string | number>;
}

/** Per UTC hour: passes first registered, and registered passes deleted (kept by triggers on "pass"). */
export interface ReportPassHourlyTable {
  hour: Date;
  projectId: string;
  templateId: string;
  firstRegistered: number;
  deleted: number;
}

/** Passes whose time in a wallet starts, and ends, in the UTC hour, per template (kept by triggers on "pass"). */
export interface ReportHeldHourlyTable {
  hour: Date;
  projectId: string;
  templateId: string;
  started: number;
  ended: number;
}

/** Live passes with at least one live registration, per template (kept by triggers on "pass"). */
export interface ReportActivePassesTable {
  projectId: string;
  templateId: string;
  active: number;
}

export interface PushResultTable {
  id: Generated<string>;
  passId: string;
  deviceId: string;
  status: number;
  reason: string | null;
  createdAt: Timestamp;
}

export interface WalletLogTable {
  id: Generated<string>;
  message: string;
  createdAt: Timestamp;
}

/** numeric columns: drivers answer text (exact), writes take numbers */
type Numeric = ColumnType<string, number | string, number | string>;
type NumericWithDefault = ColumnType<string, number | string | undefined, number | string>;

export interface EshopTable extends EntityColumns {
  projectId: string;
  name: string;
  orderPrefix: string;
  active: boolean;
  eshopVersion: string;
  locales: Json;
  currency: string;
  currencyCode: number;
  maxItems: number;
  maxPriceWithVat: Numeric;
  messages: Json;
  email: Json;
  styles: Json;
  headOverrides: string;
  bodyOverrides: string;
  /** the seller's identity for invoices (domain/schemas/eshop EshopSellerSchema) */
  seller: JsonWithDefault;
  termsUrl: Generated<string>;
  /** the gateway's settings without its secrets (domain/schemas/paymentGateway StoredGatewaySettings) */
  paymentGateway: JsonWithDefault;
  /** secret name -> its value sealed for the e-shop (never answered nor logged) */
  paymentGatewaySecrets: JsonWithDefault;
}

export interface ProductTable extends EntityColumns {
  eshopId: string;
  /** the e-shop's project */
  projectId: string;
  name: string;
  active: boolean;
  order: number;
  maxItems: number;
  maxEntries: number;
  units: number;
  priceWithoutVat: Numeric;
  vat: Numeric;
  /** generated: round(priceWithoutVat + vat * priceWithoutVat, 2) */
  priceWithVat: ColumnType<string, never, never>;
  templateIds: Json;
  title: Json;
  warningEnabled: boolean;
  warningTitle: Json;
  period: Json;
  numberServiceUrl: string;
  numberServiceConfig: Json;
  /** the event the product admits to (domain/schemas/product ProductEventSchema); null: none */
  event: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface OrderTable extends EntityColumns {
  eshopId: string;
  projectId: string;
  orderNumber: string;
  yearSerial: number;
  locale: string;
  email: string;
  state: Generated<string>;
  paymentState: Generated<string>;
  paymentMethod: string | null;
  paymentServiceBaseUrl: string | null;
  paymentId: string | null;
  /** the gateway kind that holds the order's payment (null before one was asked: the simulated bank's orders of old) */
  paymentGateway: string | null;
  /** the page the payment is made on, as the gateway chose it */
  paymentUrl: string | null;
  paymentMethodDiscount: NumericWithDefault;
  paymentCheckCount: Generated<number>;
  currency: Generated<string>;
  totalWithoutVat: NumericWithDefault;
  totalWithVat: NumericWithDefault;
  itemsCreatedAt: NullableTimestamp;
  paymentRequestedAt: NullableTimestamp;
  paymentSuccessAt: NullableTimestamp;
  paymentErrorAt: NullableTimestamp;
  numberGenerationAt: NullableTimestamp;
  emailSentAt: NullableTimestamp;
  deliveredAt: NullableTimestamp;
  configId: string | null;
  buyerCompany: string | null;
  buyerVatId: string | null;
  /** the storefront form's key: the same form sent twice is one order */
  submissionKey: string | null;
  /** when its payment arrived after the order timed out: money taken for nothing, to refund */
  latePaymentAt: NullableTimestamp;
  /** the sum of its succeeded refunds */
  refundedAmount: NumericWithDefault;
}

/** The customer's data of one line of an order (a product and a count): stored once for the line's items. */
export interface OrderLineDataTable {
  id: Generated<string>;
  orderId: string;
  data: Json;
  createdAt: Timestamp;
}

/** eshopId, projectId, orderNumber, paymentState and paidAt are copies of the order's, kept by triggers. */
export interface OrderItemTable extends EntityColumns {
  orderId: string;
  productId: string;
  eshopId: Generated<string>;
  projectId: Generated<string>;
  orderNumber: Generated<string>;
  paymentState: Generated<string>;
  paidAt: ColumnType<Date | null, never, never>;
  productName: string;
  /** the product's title in the order's language, as sold */
  productTitle: string | null;
  productMaxEntries: number;
  /** the customer's data of the item's order line, shared by the line's items; null without data */
  lineDataId: string | null;
  entryCount: Generated<number>;
  state: Generated<string>;
  validFrom: NullableTimestamp;
  validTo: NullableTimestamp;
  itemNumber: string | null;
  /** the random code the ticket's barcode carries (unique) */
  ticketSecret: Generated<string>;
  projectSerial: number | null;
  yearSerial: number | null;
  monthSerial: number | null;
  daySerial: number | null;
  priceWithoutVat: Numeric;
  vat: Numeric;
  price: Numeric;
  discountPercentage: NumericWithDefault;
  discountAmount: NumericWithDefault;
  discountedPrice: Numeric;
  issued: Generated<boolean>;
  numberRequestedAt: NullableTimestamp;
  numberSuccessAt: NullableTimestamp;
  numberErrorAt: NullableTimestamp;
  passRequestedAt: NullableTimestamp;
  passSuccessAt: NullableTimestamp;
  passErrorAt: NullableTimestamp;
  passInvalidationRequestedAt: NullableTimestamp;
  passInvalidatedAt: NullableTimestamp;
  manualChangeAt: NullableTimestamp;
  used: Generated<boolean>;
  firstEntry: NullableTimestamp;
  lastEntry: NullableTimestamp;
  configId: string | null;
  templateId: string | null;
  passId: string | null;
  /** the refund that gave the item back (an item is refunded once) */
  refundId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Money given back on an order (see domain/schemas/refund.ts); never deleted: a money record stays. */
export interface RefundTable extends EntityColumns {
  projectId: string;
  eshopId: string;
  orderId: string;
  orderNumber: string;
  /** the items given back (their tickets voided); empty for a refund by amount */
  itemIds: ColumnType<unknown, string | undefined, string>;
  amount: Numeric;
  currency: string;
  reason: string;
  state: ColumnType<RefundState, RefundState | undefined, RefundState>;
  failureReason: string | null;
  gatewayRefundId: string | null;
  creditNoteNumber: string | null;
  refundedAt: NullableTimestamp;
  emailSentAt: NullableTimestamp;
  /** a user's id, or the name of the part of the server that acted */
  createdBy: string;
  createdByName: string;
}

export type RefundState = 'requested' | 'succeeded' | 'failed';

/** One scan at a gate (see domain/schemas/ticketEntry.ts). */
export interface TicketEntryTable extends EntityColumns {
  orderItemId: string | null;
  code: string;
  result: string;
  entriesLeft: number | null;
  userId: string | null;
  /** the machine client that scanned it (userId is then null) */
  apiClientId: string | null;
  at: Timestamp;
  eshopId: string | null;
  projectId: string | null;
  gate: string | null;
  offline: Generated<boolean>;
  clientId: string | null;
}

export interface StampCardTable extends EntityColumns {
  projectId: string;
  name: string;
  templateId: string;
  stampsForReward: number;
  rewardTemplateId: string | null;
  countField: string;
  active: boolean;
  rewardValidDays: number | null;
}

/** One stamp call at the till; undoneAt set when it was taken back. */
export interface StampTable {
  id: Generated<string>;
  at: Timestamp;
  projectId: string;
  stampCardId: string;
  passId: string;
  count: number;
  stampsBefore: number;
  stampsAfter: number;
  rewarded: boolean;
  rewardPassId: string | null;
  userId: string | null;
  undoneAt: NullableTimestamp;
}

export type AuditAction = 'create' | 'update' | 'delete';
/** a changed field's value before and after (absent: the field had none, e.g. before a create) */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

export interface AuditTable {
  id: Generated<string>;
  at: Timestamp;
  /** the signed-in user (an API client acts as its user); null when no user acted */
  userId: string | null;
  userName: string;
  action: AuditAction;
  resource: string;
  rowId: string;
  changes: ColumnType<AuditChanges, string, string>;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed';

/** A unit of work of the job queue (server/kernel/jobs); never deleted softly: done jobs are removed after a retention. */
export interface JobTable extends EntityColumns {
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  dedupeKey: string | null;
  /** set while the job waits for its first run: the same work queued again joins it */
  coalesceKey: string | null;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  runAt: Timestamp;
  lastError: string | null;
  lockedUntil: NullableTimestamp;
  lockedBy: string | null;
  finishedAt: NullableTimestamp;
}

export type PassImportState = 'queued' | 'running' | 'done' | 'failed';

/** One error of an import: the spreadsheet's row (the header is row 1), the column when one is to blame. */
export interface PassImportError {
  row: number;
  column: string | null;
  message: string;
}

/** An import of passes from a CSV file (features/passes/import): its progress and its first errors. */
export interface PassImportTable {
  id: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  projectId: string;
  templateId: string;
  userId: string | null;
  fileKey: string;
  state: ColumnType<PassImportState, PassImportState | undefined, PassImportState>;
  rows: Generated<number>;
  done: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  failed: Generated<number>;
  errors: ColumnType<PassImportError[], string | undefined, string>;
  /** the push campaign carrying the passes it updated to their devices (set by the wallet feature) */
  pushCampaignId: string | null;
}

/** The result file's lines of one chunk of an import, stored with the chunk's passes. */
export interface PassImportChunkTable {
  importId: string;
  chunk: number;
  lines: string;
}

/** A gateway's notification heard once: a replay of it changes nothing. */
export interface GatewayEventTable {
  gateway: string;
  eventId: string;
  receivedAt: Generated<Date>;
}

/** A project's webhook endpoint (domain/schemas/webhook.ts); its secrets sealed with the key vault. */
export interface WebhookTable extends EntityColumns {
  projectId: string;
  url: string;
  events: ColumnType<string[], string, string>;
  active: Generated<boolean>;
  description: Generated<string>;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: NullableTimestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event's delivery to one endpoint, and the sender's queue (`seq` orders it). */
export interface WebhookDeliveryTable extends EntityColumns {
  seq: ColumnType<string, never, never>;
  projectId: string;
  webhookId: string;
  eventId: string;
  type: string;
  body: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  responseCode: number | null;
  lastError: string | null;
  nextAttemptAt: NullableTimestamp;
  /** after this, a failed attempt fails the delivery for good (its event's time and WEBHOOK_RETRY_WINDOW_SECONDS) */
  retryUntil: Timestamp;
  lockedUntil: NullableTimestamp;
  deliveredAt: NullableTimestamp;
}

/** Where a push campaign is: sending, finished, or stopped (cancelled, or superseded by a newer one). */
export type PushCampaignStatus = 'running' | 'done' | 'cancelled';

/** One fan-out of Apple Wallet pushes (migration 0031): its planner's cursor and its counters. */
export interface PushCampaignTable extends EntityColumns {
  projectId: string;
  templateId: string | null;
  /** what started it: 'template' (a template's change or push), 'renewal' (its certificate renewed), 'import' */
  cause: Generated<string>;
  status: ColumnType<PushCampaignStatus, PushCampaignStatus | undefined, PushCampaignStatus>;
  passes: Generated<number>;
  devices: Generated<number>;
  sent: Generated<number>;
  failed: Generated<number>;
  /** devices not yet sent nor failed (a generated column) */
  left: ColumnType<number, never, never>;
  /** every chunk is queued */
  planned: Generated<boolean>;
  /** the last pass id planned; the planner goes on after it */
  cursor: string | null;
  chunks: Generated<number>;
  /** chunk and retry jobs queued and not yet counted */
  pending: Generated<number>;
  createdBy: string | null;
  supersededBy: string | null;
  lastError: string | null;
  finishedAt: NullableTimestamp;
}

/** A counted part of a campaign (a chunk, or a retry of some of its tokens): its key makes counting once. */
export interface PushCampaignPartTable {
  campaignId: string;
  part: string;
  sent: number;
  failed: number;
  retried: number;
  createdAt: Generated<Date>;
}

export interface Database {
  user: UserTable;
  project: ProjectTable;
  projectUser: ProjectUserTable;
  session: SessionTable;
  apiClient: ApiClientTable;
  apiClientProject: ApiClientProjectTable;
  idempotencyKey: IdempotencyKeyTable;
  guessFailure: GuessFailureTable;
  refreshToken: RefreshTokenTable;
  certificate: CertificateTable;
  image: ImageTable;
  template: TemplateTable;
  pass: PassTable;
  device: DeviceTable;
  registration: RegistrationTable;
  googleRegistration: GoogleRegistrationTable;
  googleCallbackNonce: GoogleCallbackNonceTable;
  passEvent: PassEventTable;
  pushResult: PushResultTable;
  walletLog: WalletLogTable;
  reportEventHourly: ReportEventHourlyTable;
  reportPassHourly: ReportPassHourlyTable;
  reportHeldHourly: ReportHeldHourlyTable;
  reportActivePasses: ReportActivePassesTable;
  eshop: EshopTable;
  gatewayEvent: GatewayEventTable;
  product: ProductTable;
  order: OrderTable;
  orderItem: OrderItemTable;
  orderLineData: OrderLineDataTable;
  refund: RefundTable;
  audit: AuditTable;
  ticketEntry: TicketEntryTable;
  stampCard: StampCardTable;
  stamp: StampTable;
  job: JobTable;
  passImport: PassImportTable;
  passImportChunk: PassImportChunkTable;
  webhook: WebhookTable;
  webhookDelivery: WebhookDeliveryTable;
  pushCampaign: PushCampaignTable;
  pushCampaignPart: PushCampaignPartTable;
}

/** The database as Kysely queries it: PGlite or PostgreSQL (database.ts opens it). */
export type Db = Kysely<Database>;

export type UserRow = Selectable<UserTable>;
export type ProjectRow = Selectable<ProjectTable>;
export type ApiClientRow = Selectable<ApiClientTable>;
export type CertificateRow = Selectable<CertificateTable>;
export type ImageRow = Selectable<ImageTable>;
export type TemplateRow = Selectable<TemplateTable>;
export type PassRow = Selectable<PassTable>;
export type PassImportRow = Selectable<PassImportTable>;
export type EshopRow = Selectable<EshopTable>;
export type ProductRow = Selectable<ProductTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
export type RefundRow = Selectable<RefundTable>;
export type TicketEntryRow = Selectable<TicketEntryTable>;
export type StampCardRow = Selectable<StampCardTable>;
export type StampRow = Selectable<StampTable>;
export type JobRow = Selectable<JobTable>;
export type WebhookRow = Selectable<WebhookTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type PushCampaignRow = Selectable<PushCampaignTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
