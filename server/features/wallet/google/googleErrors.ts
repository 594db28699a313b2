import { HttpError, type Localized } from '../../../kernel/http/errors';

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

/** HttpError 502: Google answered with a failure (its status in `googleStatus`), or could not be reached (none). */
export class GoogleFailure extends HttpError {
  constructor(
    message: Localized,
    readonly googleStatus?: number,
  ) {
    super(502, message);
  }

  /** Might another try later succeed: Google not reached, timed out, busy, limiting the rate, or failing itself? */
  get transient(): boolean {
    const status = this.googleStatus;
    return status === undefined || status === 408 || status === 429 || status >= 500;
  }
}

/**
 * Google answered with a failure. Our words say what failed; Google's own words follow as Google sent them (quoted
 * in the Czech).
 *
 * @example throw googleFailure(API_FAILED, googleMessage(body, response.status), response.status)
 */
export const googleFailure = (what: GoogleCall, googleWords: string, googleStatus?: number) =>
  new GoogleFailure(
    { en: `${what.en}: ${googleWords}`, cs: `${what.cs}: Google odpověděl „${googleWords}“.` },
    googleStatus,
  );

/** The answer's JSON, or undefined when it is none. */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** fetch with a time limit; network failures become GoogleFailure (502, no Google status) with the reason. */
export async function fetchGoogle(what: GoogleCall, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    const reason = cause ?? (error as Error).message;
    throw new GoogleFailure({
      en: `${what.en}: not reachable (${reason})`,
      cs: `${what.cs}: Google není dostupný (${reason}).`,
    });
  }
}
