import { czechTextProblem, printableText, unstorableText } from '../../../domain/text';
import { badRequest, requestSummary, type FieldError } from './errors';

/** Deeper than any body of the API: a deeper one would only overflow a recursive reader (JSON.stringify, jsonb). */
export const MAX_INPUT_DEPTH = 64;

/**
 * The first part of a decoded request value (a JSON body, the query, the path parameters, a form) that the server
 * cannot take: a text PostgreSQL cannot store (in a value or a field name), or nesting deeper than MAX_INPUT_DEPTH.
 * Walked without recursion, so that a deep value cannot overflow the stack here.
 *
 * @example unusableInput({ email: 'a\u0000' }) // { path: 'email', message: 'must not contain the NUL character (\\u0000)' }
 */
export function unusableInput(value: unknown): FieldError | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const problem = unstorableText(next.value);
      if (problem) return { path: next.path, message: problem, cs: czechTextProblem(problem) };
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_INPUT_DEPTH)
      return {
        path: next.path,
        message: `is nested more than ${MAX_INPUT_DEPTH} levels deep`,
        cs: `je vnořené hlouběji než ${MAX_INPUT_DEPTH} úrovní`,
      };
    for (const [key, child] of Object.entries(next.value)) {
      const path = next.path ? `${next.path}.${printableText(key)}` : printableText(key);
      const problem = unstorableText(key);
      if (problem)
        return {
          path,
          message: `is a field name that ${problem}`,
          cs: `je název pole, který ${czechTextProblem(problem)}`,
        };
      pending.push({ value: child, path, depth: next.depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses (400) a decoded request part that the server cannot take, before any validation or database work.
 *
 * @example refuseUnusableInput(request.query, 'querystring')
 */
export function refuseUnusableInput(value: unknown, part: 'body' | 'querystring' | 'params'): void {
  const problem = unusableInput(value);
  if (problem) throw badRequest(requestSummary(part, [problem]), [problem]);
}
