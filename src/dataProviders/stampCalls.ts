import type {
  PassChoice,
  Stamp,
  StampAnswer,
  StampedPass,
  StampRequest,
  UndoAnswer,
} from '../../domain/schemas/stamp';
import type { HttpClient } from './httpClient';

/** The till's calls of the core API (admins and STAMP_MANAGE on the card's project). */
export interface StampCalls {
  /** POST {core}/v1/stampCard/{id}/pass: holder, count and what remains of a pass of the card. */
  lookUpStampedPass: (cardId: string, choice: PassChoice) => Promise<StampedPass>;
  /** POST {core}/v1/stampCard/{id}/stamp: adds stamps; at the card's count the reward is issued. */
  stamp: (cardId: string, request: StampRequest) => Promise<StampAnswer>;
  /** POST {core}/v1/stampCard/{id}/stamp/undo: takes back the pass's last stamp. */
  undoStamp: (cardId: string, choice: PassChoice) => Promise<UndoAnswer>;
  /** GET {core}/v1/stampCard/{id}/stamps: the card's stamps, newest first. */
  getStamps: (cardId: string, page: number, limit: number) => Promise<{ data: Stamp[]; totalCount: number }>;
}

/**
 * @example const calls = createStampCalls('/api/core', httpClient); await calls.stamp(cardId, { code, count: 1 })
 */
export function createStampCalls(coreApi: string, httpClient: HttpClient): StampCalls {
  const cardUrl = (cardId: string) => `${coreApi}/v1/stampCard/${encodeURIComponent(cardId)}`;
  const post = async <Answer>(url: string, body: object) =>
    (await httpClient(url, { method: 'POST', body: JSON.stringify(body) })).json as Answer;
  return {
    lookUpStampedPass: (cardId, choice) => post<StampedPass>(`${cardUrl(cardId)}/pass`, choice),
    stamp: (cardId, request) => post<StampAnswer>(`${cardUrl(cardId)}/stamp`, request),
    undoStamp: (cardId, choice) => post<UndoAnswer>(`${cardUrl(cardId)}/stamp/undo`, choice),
    async getStamps(cardId, page, limit) {
      const { json } = await httpClient(`${cardUrl(cardId)}/stamps?page=${page}&limit=${limit}`);
      return json as { data: Stamp[]; totalCount: number };
    },
  };
}
