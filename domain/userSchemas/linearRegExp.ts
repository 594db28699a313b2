import type { Options } from 'ajv';
import { RE2JS } from 're2js';
import { toRe2Syntax } from './re2Syntax';

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

/**
 * RE2 matches in time linear in the input, but each character costs up to one step per instruction of the
 * compiled pattern, and a short pattern can compile to many: `[ab]*a[ab]{900}c` is 906 instructions.
 */
export const MAX_PATTERN_INSTRUCTIONS = 1000;
/**
 * What one validation may spend on patterns, in characters × instructions. The slowest rate measured is about
 * 150 ns (RE2's lazy DFA building a state per character, bench/userPatterns.ts), so 75 ms at worst; a pattern of
 * 30 instructions still checks some 16,000 characters, far more than a pass's data holds.
 */
export const PATTERN_BUDGET = 500_000;
/** A match also costs a fixed setup, counted as if it read this many more characters. */
const SETUP_CHARACTERS = 16;

/** A validation whose patterns would cost more than PATTERN_BUDGET (thrown by a match, through ajv). */
export class PatternBudgetExceeded extends Error {
  constructor() {
    super('is too large to be checked against the patterns of its schema');
  }
}

let budget: { left: number } | undefined;

/**
 * Runs one validation with a fresh pattern budget; its matches throw PatternBudgetExceeded once it is spent.
 * Outside of it, each match is bounded on its own.
 *
 * @example withPatternBudget(() => validate(data))
 */
export function withPatternBudget<T>(validate: () => T): T {
  const outer = budget;
  budget = { left: PATTERN_BUDGET };
  try {
    return validate();
  } finally {
    budget = outer;
  }
}

function charge(cost: number): void {
  const left = (budget?.left ?? PATTERN_BUDGET) - cost;
  if (left < 0) throw new PatternBudgetExceeded();
  if (budget) budget.left = left;
}

/** re2js does not publish a program's size; without it, a pattern counts as too large (refused, never unbounded). */
function instructionsOf(compiled: RE2JS): number {
  const program = (compiled as unknown as { re2Input?: { prog?: { numInst?: () => number } } }).re2Input
    ?.prog;
  return program?.numInst?.() ?? Number.POSITIVE_INFINITY;
}

export interface LinearPattern {
  test(input: string): boolean;
  /** ajv tells patterns apart by this */
  toString(): string;
}

export type CompiledPattern = { ok: true; pattern: LinearPattern } | { ok: false; problem: string };

function compileUncached(source: string, flags: string): CompiledPattern {
  const syntax = toRe2Syntax(source, flags);
  if (!syntax.ok) return syntax;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(syntax.source);
  } catch (error) {
    return {
      ok: false,
      problem: `cannot be run by the linear-time pattern engine (${(error as Error).message})`,
    };
  }
  const instructions = instructionsOf(compiled);
  if (instructions > MAX_PATTERN_INSTRUCTIONS)
    return {
      ok: false,
      problem: `is too large: it compiles to ${instructions} instructions, at most ${MAX_PATTERN_INSTRUCTIONS} are allowed (use smaller repeat counts)`,
    };
  const name = JSON.stringify([source, flags]);
  return {
    ok: true,
    pattern: {
      test(input) {
        charge((input.length + SETUP_CHARACTERS) * instructions);
        return compiled.test(input);
      },
      toString: () => name,
    },
  };
}

/** ajv compiles a pattern at each place it occurs; a schema may repeat one many times. */
const compiledPatterns = new Map<string, CompiledPattern>();
const PATTERNS_KEPT = 500;

/**
 * A JSON Schema pattern compiled for RE2 (linear time, bounded cost), or why it cannot be.
 *
 * @example compilePattern('^[a-z]+$') // { ok: true, pattern: { test, toString } }
 */
export function compilePattern(source: string, flags = 'u'): CompiledPattern {
  const key = JSON.stringify([source, flags]);
  let compiled = compiledPatterns.get(key);
  if (!compiled) {
    compiled = compileUncached(source, flags);
    if (compiledPatterns.size >= PATTERNS_KEPT)
      compiledPatterns.delete(compiledPatterns.keys().next().value as string);
    compiledPatterns.set(key, compiled);
  }
  return compiled;
}

/**
 * ajv's `code.regExp` engine for user-supplied schemas: every `pattern`, `patternProperties` and
 * `propertyNames` pattern runs on RE2 instead of JavaScript's backtracking engine.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (source: string, flags: string) => {
    const compiled = compilePattern(source, flags);
    if (!compiled.ok) throw new Error(`The pattern ${JSON.stringify(source)} ${compiled.problem}.`);
    return compiled.pattern;
  },
  // ajv writes this into standalone code only, which user schemas never become
  { code: 'linearRegExp' },
);
