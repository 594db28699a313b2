import { HttpError, type Localized } from '../../http/errors';

/** Google's own words from an error answer ({ error: { message } } or OAuth2's error_description). */
export function googleMessage(body: unknown, status: number): string {
  const record = (body ?? {}) as Record<string, unknown>;
  const error = record.error;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
    return (error as { message: string }).message;
  if (typeof record.error_description === 'string') return record.error_description;
  if (typeof error === 'string') return error;
  return `HTTP ${status}`;
}

/** What failed, in each language: the beginning of a relayed Google failure. */
export type GoogleCall = Required<Localized>;

/**
 * HttpError 502: Google answered with a failure. Our words say what failed; Google's own words follow as Google
 * sent them (quoted in the Czech).
 *
 * @example throw googleFailure(API_FAILED, googleMessage(body, response.status))
 */
export const googleFailure = (what: GoogleCall, googleWords: string) =>
  new HttpError(502, {
    en: `${what.en}: ${googleWords}`,
    cs: `${what.cs}: Google odpověděl „${googleWords}“.`,
  });

/** The answer's JSON, or undefined when it is none. */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** fetch with a time limit; network failures become HttpError 502 with the reason. */
export async function fetchGoogle(what: GoogleCall, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    const reason = cause ?? (error as Error).message;
    throw new HttpError(502, {
      en: `${what.en}: not reachable (${reason})`,
      cs: `${what.cs}: Google není dostupný (${reason}).`,
    });
  }
}
