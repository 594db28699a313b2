import type { Viewer } from '../../domain/schemas/user';
import type { Db } from '../db/database';
import { sessionRepository } from '../repositories/sessionRepository';

const CACHE_TTL_MS = 10_000;

export interface ViewerService {
  /** The viewer of a live session, or undefined when the session or its user can no longer act. */
  load(sessionId: string): Promise<Viewer | undefined>;
  /** Rights, admin flag or activity of this user changed: their next request reads them anew. */
  forgetUser(userId: string): void;
  forgetSession(sessionId: string): void;
  forgetAll(): void;
}

/**
 * Loads viewers from the database and keeps them a few seconds, so a burst of calls costs one query.
 * Every change this instance makes to users, rights or sessions drops the affected entries at once.
 */
export function createViewerService(db: Db): ViewerService {
  const cache = new Map<string, { viewer: Viewer; loadedAt: number }>();
  return {
    async load(sessionId) {
      const cached = cache.get(sessionId);
      if (cached && Date.now() - cached.loadedAt < CACHE_TTL_MS) return cached.viewer;
      const row = await sessionRepository.findViewer(db, sessionId);
      if (!row) {
        cache.delete(sessionId);
        return undefined;
      }
      const viewer: Viewer = {
        id: row.id,
        email: row.email,
        displayName: row.displayName,
        name: row.displayName || row.email,
        isAdmin: row.isAdmin,
        projects: row.projects ?? {},
      };
      if (cache.size > 50_000) cache.clear();
      cache.set(sessionId, { viewer, loadedAt: Date.now() });
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
