import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { TableChanges } from './db/tableChanges';
import type { RowCache } from './engine/rowCache';
import type { TokenService } from './auth/tokens';
import type { ViewerService } from '../features/identity/viewerService';
import type { GuessThrottle } from './auth/guessThrottle';
import type { KeyVault } from './auth/keyVault';
import type { ConcurrencyLimit } from './concurrencyLimit';
import type { FileStorage } from './storage/fileStorage';
import type { JobQueue } from './jobs/jobQueue';
import type { EventRecorder } from '../features/reports/eventRecorder';
import type { PublicPassCache } from '../features/distribution/publicPassCache';
import type { GoogleWallet, PassPackager, WalletPreflight } from '../features/passes/pkpass/walletTypes';

/** What every route and service may use; built once in buildApp. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  tokens: TokenService;
  viewers: ViewerService;
  /** versions of the tables, moved by every write (caches check them) */
  changes: TableChanges;
  /** GET by id from memory while the rows are unchanged */
  rows: RowCache;
  /** guessing limits, in memory (per instance): passwords (sign-in, change-password) and API client secrets */
  limits: { passwords: GuessThrottle; clientSecrets: GuessThrottle };
  /** uploaded images and generated files */
  storage: FileStorage;
  /** seals certificates' private keys at rest */
  certificateKeys: KeyVault;
  /** runs a PDF or pkpass render when fewer than RENDER_CONCURRENCY are running, so their memory stays bounded */
  renders: ConcurrencyLimit;
  /** builds, checks (pre-flight), signs and caches Apple Wallet passes */
  passes: PassPackager & WalletPreflight;
  /** Save to Google Wallet JWTs and links (createGoogleWallet also updates a template's objects) */
  googleWallet: GoogleWallet;
  /** the durable queue of work after the answer: order emails, Apple Wallet pushes */
  jobs: JobQueue;
  /** pass events and download counters, written in batches after the answers (flushed when the app closes) */
  events: EventRecorder;
  /** the public links' reads of a pass, kept briefly (emptied by this process's writes to their tables) */
  publicPasses: PublicPassCache;
}
