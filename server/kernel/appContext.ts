import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { TableChanges } from './db/tableChanges';
import type { RowCache } from './engine/rowCache';
import type { TokenService } from './auth/tokens';
import type { ViewerService } from './auth/viewers';
import type { GuessThrottle } from './auth/guessThrottle';
import type { KeyVault } from './auth/keyVault';
import type { ConcurrencyLimit } from './concurrencyLimit';
import type { FileStorage } from './storage/fileStorage';
import type { JobQueue } from './jobs/jobQueue';
import type { IntegrationEvents } from './events/integrationEvents';

/**
 * What every route and service may use; built once in buildApp (server/app.ts). The kernel's services are here; a
 * feature adds its own with a declaration of this interface in the module that makes them (TypeScript merges them),
 * e.g. features/reports/eventRecorder.ts adds `events`. So the kernel names no feature.
 */
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
  /** guessing limits, counted in the database (shared by every instance): passwords (sign-in, change-password) and API client secrets */
  limits: { passwords: GuessThrottle; clientSecrets: GuessThrottle };
  /** uploaded images and generated files */
  storage: FileStorage;
  /** seals certificates' private keys at rest */
  certificateKeys: KeyVault;
  /** runs a PDF or pkpass render when fewer than RENDER_CONCURRENCY are running, so their memory stays bounded */
  renders: ConcurrencyLimit;
  /** the durable queue of work after the answer: order emails, Apple Wallet pushes */
  jobs: JobQueue;
  /** events integrations hear of (webhooks): cheap when nobody listens, written in the cause's transaction */
  integrationEvents: IntegrationEvents;
}
