import type { AppStoreApp } from '../../../domain/schemas/appStore';
import { HttpError } from '../../kernel/http/errors';

/** How long the App Store search service may take before the console is told it does not answer. */
export const APP_STORE_TIMEOUT_MS = 5000;
/** The search asks for software only, at most this many results. */
const SEARCH_LIMIT = 10;
/** An answer of the search service larger than this is not a search answer. */
const MAX_ANSWER_CHARS = 2 * 1024 * 1024;

const UNREACHABLE = {
  en: 'The App Store search service cannot be reached at the moment. Try again later, or add the app by its id.',
  cs: 'Vyhledávání v App Store teď není dostupné. Zkuste to později, nebo aplikaci přidejte podle jejího id.',
};
const BAD_ANSWER = {
  en: 'The App Store search service gave an answer that cannot be read. Try again later, or add the app by its id.',
  cs: 'Vyhledávání v App Store vrátilo odpověď, kterou nelze přečíst. Zkuste to později, nebo aplikaci přidejte podle jejího id.',
};

export interface AppStoreOptions {
  /** the iTunes Search API (or a service answering the same way), e.g. https://itunes.apple.com */
  baseUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** The address of a call, the user's text only ever as an encoded query parameter. */
function serviceUrl(baseUrl: string, call: 'search' | 'lookup', query: Record<string, string>): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${call}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

async function callService(options: AppStoreOptions, url: string): Promise<unknown> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? APP_STORE_TIMEOUT_MS),
    });
    text = await response.text();
  } catch {
    // refused, reset, unknown host or too slow: the service is not there for us now
    throw new HttpError(503, UNREACHABLE);
  }
  if (!response.ok || text.length > MAX_ANSWER_CHARS) throw new HttpError(502, BAD_ANSWER);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(502, BAD_ANSWER);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The apps of an iTunes answer ({resultCount, results: [{trackId, trackName, sellerName, artworkUrl512}]}). */
function appsOf(answer: unknown): AppStoreApp[] {
  if (!isObject(answer) || !Array.isArray(answer.results)) throw new HttpError(502, BAD_ANSWER);
  return answer.results.flatMap((result): AppStoreApp[] => {
    if (!isObject(result)) return [];
    const id = result.trackId;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return [];
    return [
      {
        id,
        name: textOf(result.trackName),
        developer: textOf(result.sellerName) || textOf(result.artistName),
        iconUrl: textOf(result.artworkUrl512) || textOf(result.artworkUrl100) || textOf(result.artworkUrl60),
      },
    ];
  });
}

/**
 * Apps of the App Store whose name matches the words: at most 10.
 *
 * @example await searchApps({ baseUrl: 'https://itunes.apple.com' }, 'wallet') // [{ id: 1160481993, name: … }]
 */
export async function searchApps(options: AppStoreOptions, term: string): Promise<AppStoreApp[]> {
  const url = serviceUrl(options.baseUrl, 'search', {
    term: term.trim(),
    entity: 'software',
    limit: String(SEARCH_LIMIT),
  });
  return appsOf(await callService(options, url));
}

/**
 * One app by its App Store id; 404 when the App Store has none with that id.
 *
 * @example await lookupApp({ baseUrl: 'https://itunes.apple.com' }, 284882215) // { id: 284882215, name: 'Facebook', … }
 */
export async function lookupApp(options: AppStoreOptions, id: number): Promise<AppStoreApp> {
  const url = serviceUrl(options.baseUrl, 'lookup', { id: String(id) });
  const app = appsOf(await callService(options, url)).find((candidate) => candidate.id === id);
  if (!app)
    throw new HttpError(404, {
      en: `An app with the id ${id} in the App Store was not found.`,
      cs: `Aplikace s id ${id} v App Store nebyla nalezena.`,
    });
  return app;
}
