import type { Viewer } from '../../../domain/schemas/user';
import type { Db } from '../../kernel/db/database';
import type { TableChanges } from '../../kernel/db/tableChanges';
import type { ViewerService } from '../../kernel/auth/viewers';
import { sessionRepository, type ViewerRow } from './sessionRepository';

/** What a viewer is read from: a write to any of them drops every cached viewer. */
const VIEWER_TABLES = ['session', 'user', 'projectUser', 'project', 'apiClient', 'apiClientProject'] as const;
const MAX_VIEWERS = 50_000;

/**
 * The viewer a session row gives: a scope narrows each project's rights to it and takes away administration (a
 * narrowed token holds only the rights it names, where its user or client holds them); an API client is never an
 * administrator.
 */
function viewerOf(row: ViewerRow): Viewer {
  const projects = row.projects ?? {};
  const { scope } = row;
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    name: row.isClient ? `API client ${row.displayName}` : row.displayName || row.email,
    isAdmin: row.isAdmin && scope === null,
    projects:
      scope === null
        ? projects
        : Object.fromEntries(Object.entries(projects).map(([projectId, mask]) => [projectId, mask & scope])),
    ...(row.isClient ? { apiClient: true } : {}),
    ...(row.isClient && row.rateLimit !== null ? { rateLimit: row.rateLimit } : {}),
  };
}

/**
 * Loads viewers from the database and keeps them while the tables they are read from (sessions, users, memberships,
 * projects) are unchanged and their session lasts: a membership edited, a user disabled, a password changed or a
 * session revoked (by this process, or announced by another one on PostgreSQL) is seen by the next request.
 */
export function createViewerService(db: Db, changes: TableChanges): ViewerService {
  const cache = new Map<string, { viewer: Viewer; stamp: number; expiresAt: number }>();
  return {
    async load(sessionId) {
      await changes.caughtUp();
      const cacheable = changes.mayCache(VIEWER_TABLES);
      const stamp = changes.stamp(VIEWER_TABLES);
      const cached = cache.get(sessionId);
      if (cacheable && cached && cached.stamp === stamp && Date.now() < cached.expiresAt)
        return cached.viewer;
      const row = await sessionRepository.findViewer(db, sessionId);
      if (!row) {
        cache.delete(sessionId);
        return undefined;
      }
      const viewer = viewerOf(row);
      if (cacheable) {
        if (cache.size >= MAX_VIEWERS) cache.clear();
        cache.set(sessionId, { viewer, stamp, expiresAt: new Date(row.expiresAt).getTime() });
      }
      return viewer;
    },
    forgetUser(userId) {
      for (const [sessionId, entry] of cache) if (entry.viewer.id === userId) cache.delete(sessionId);
    },
    forgetSession(sessionId) {
      cache.delete(sessionId);
    },
    forgetAll() {
      cache.clear();
    },
  };
}
