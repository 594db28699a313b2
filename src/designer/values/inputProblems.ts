import type { TemplateProblem } from '../../../domain/template/rules';
import { problemsAt } from '../DesignerContext';

/** The messages one input shows. */
export interface InputProblems {
  errors: readonly string[];
  warnings: readonly string[];
}

export const NO_PROBLEMS: InputProblems = { errors: [], warnings: [] };

/**
 * The problems of a value shared out to its inputs by path below the value ('' the value itself, '/fallback',
 * '/value/en', …): to the input at the problem's path, else the input the problem is below, else the first input
 * below the problem's path ('/fallback' to '/fallback/en'), else the first input.
 *
 * @example problemsByInput(errors, [], '/description', ['/value', '/fallback']).get('/fallback')
 * // { errors: ['Fallback value cannot be empty'], warnings: [] }
 */
export function problemsByInput(
  errors: readonly TemplateProblem[],
  warnings: readonly TemplateProblem[],
  path: string,
  inputPaths: readonly string[],
): Map<string, InputProblems> {
  const result = new Map<string, { errors: string[]; warnings: string[] }>(
    inputPaths.map((input) => [input, { errors: [], warnings: [] }]),
  );
  const full = (input: string) => `/jsonTemplate${path}${input}`;
  const inputOf = (problem: TemplateProblem) =>
    inputPaths.find((input) => problem.path === full(input)) ??
    inputPaths.find((input) => problem.path.startsWith(`${full(input)}/`)) ??
    inputPaths.find((input) => full(input).startsWith(`${problem.path}/`)) ??
    inputPaths[0];
  for (const problem of problemsAt(errors, path)) result.get(inputOf(problem))?.errors.push(problem.message);
  for (const problem of problemsAt(warnings, path))
    result.get(inputOf(problem))?.warnings.push(problem.message);
  return result;
}

/**
 * An input's problems, with a message for a required text left empty ('Please fill value') when nothing else is
 * said yet: the person sees it at once, before the template's validation has its say.
 *
 * @example withRequiredMessage(NO_PROBLEMS, true, 'Please fill value') // { errors: ['Please fill value'], warnings: [] }
 */
export function withRequiredMessage(
  problems: InputProblems,
  isMissing: boolean,
  message: string,
): InputProblems {
  return isMissing && problems.errors.length === 0 ? { ...problems, errors: [message] } : problems;
}
