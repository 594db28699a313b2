import type { Viewer } from '../../../domain/schemas/user';

/** Who is signed in with a session (identity implements it: features/identity/viewerService.ts). */
export interface ViewerService {
  /** The viewer of a live session, or undefined when the session or its user can no longer act. */
  load(sessionId: string): Promise<Viewer | undefined>;
  /** Rights, admin flag or activity of this user changed: their next request reads them anew. */
  forgetUser(userId: string): void;
  forgetSession(sessionId: string): void;
  forgetAll(): void;
}
