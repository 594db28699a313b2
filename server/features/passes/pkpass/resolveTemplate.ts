import { LANGUAGE_CODE, WHOLE_PLACEHOLDER, type WrappedType } from '../../../../domain/template/values';
import { fillPlaceholders, typedValue, valueAt } from './dynamicValues';
import { problemAt, type Localized } from '../../../../domain/problem';
import type { Problem } from './problems';

const WRAPPED_TYPES: readonly string[] = ['string', 'number', 'date', 'color'];

/**
 * How localised texts come out: `strings` keeps one key in pass.json and the texts per language for the
 * `.lproj/pass.strings` files; `language` puts the text of one language in place.
 */
export type TextMode = { kind: 'strings' } | { kind: 'language'; language: string };

export interface ResolvedTemplate {
  json: Record<string, unknown>;
  /** strings mode: key → text per language */
  localised: Map<string, Record<string, string>>;
  errors: Problem[];
}

interface Walk {
  data: unknown;
  languages: readonly string[];
  mode: TextMode;
  localised: Map<string, Record<string, string>>;
  errors: Problem[];
}

type Localised = Record<string, string>;

function isLocalised(value: unknown): value is Localised {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 && entries.every(([key, text]) => LANGUAGE_CODE.test(key) && typeof text === 'string')
  );
}

interface Wrapped {
  type: WrappedType;
  value: unknown;
  fallback?: unknown;
}

function isWrapped(value: unknown): value is Wrapped {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.type === 'string' &&
    WRAPPED_TYPES.includes(record.type) &&
    'value' in record &&
    Object.keys(record).every((key) => key === 'type' || key === 'value' || key === 'fallback')
  );
}

/** A placeholder the pass's data leaves empty, with no fallback to take its place: the pass cannot be signed. */
const noValue = (name: string): Required<Localized> => ({
  en: `#{${name}} has no value in the pass's data and no fallback.`,
  cs: `#{${name}} nemá v datech pasu hodnotu a nemá ani náhradní hodnotu.`,
});

/** The name of the placeholder of a noValue problem, else undefined. */
export const noValueName = (problem: Problem): string | undefined =>
  /^#\{(.*)\} has no value in the pass's data and no fallback\.$/.exec(problem.message)?.[1];
const isChangeMessage = (path: string) => path.endsWith('/changeMessage');

/** The text of a localised object in the walk's language, else the template's first language, else any. */
function inLanguage(texts: Localised, language: string, languages: readonly string[]): string {
  return texts[language] ?? texts[languages[0] ?? ''] ?? texts.en ?? Object.values(texts)[0] ?? '';
}

/** The languages a text is written out in: the template's, plus any the object has. */
function languagesOf(walk: Walk, texts?: Localised): string[] {
  return [...new Set([...walk.languages, ...Object.keys(texts ?? {})])];
}

/** One key for the texts in pass.json: the text in the first language, made unique by invisible marks. */
function localisedKey(walk: Walk, texts: Localised): string {
  let key = inLanguage(texts, walk.languages[0] ?? 'en', walk.languages);
  const same = (other: Localised) => JSON.stringify(other) === JSON.stringify(texts);
  for (
    let existing = walk.localised.get(key);
    existing && !same(existing);
    existing = walk.localised.get(key)
  )
    key += '\u200b';
  walk.localised.set(key, texts);
  return key;
}

/** Texts per language (a plain text counts for every language) with placeholders filled; undefined on error. */
function filledTexts(
  walk: Walk,
  path: string,
  value: string | Localised,
  report: boolean,
): Localised | undefined {
  const texts: Localised = {};
  let complete = true;
  const languages =
    walk.mode.kind === 'language'
      ? [walk.mode.language]
      : languagesOf(walk, typeof value === 'string' ? undefined : value);
  for (const language of languages) {
    const source = typeof value === 'string' ? value : inLanguage(value, language, walk.languages);
    const { text, missing } = fillPlaceholders(source, walk.data);
    if (missing.length && isChangeMessage(path)) {
      texts[language] = text.replace(/#\{[^}]*\}/g, '%@');
      continue;
    }
    if (missing.length) {
      complete = false;
      if (report) for (const name of new Set(missing)) walk.errors.push(problemAt(path, noValue(name)));
    }
    texts[language] = text;
  }
  return complete ? texts : undefined;
}

/** Texts out as the mode wants: one language's text, or a key with the texts kept for pass.strings. */
function textOut(walk: Walk, texts: Localised, wasLocalised: boolean): string {
  if (walk.mode.kind === 'language') return Object.values(texts)[0] ?? '';
  const distinct = new Set(Object.values(texts));
  if (!wasLocalised && distinct.size <= 1) return [...distinct][0] ?? '';
  return localisedKey(walk, texts);
}

/** A value a wrapped value holds, from the data when it is the whole placeholder (keeps numbers as numbers). */
function wholeValue(walk: Walk, value: unknown): unknown {
  const whole = typeof value === 'string' ? WHOLE_PLACEHOLDER.exec(value) : null;
  return whole ? valueAt(walk.data, whole[1]) : undefined;
}

function resolveWrapped(walk: Walk, path: string, wrapped: Wrapped): unknown {
  const attempt = (value: unknown, report: boolean): unknown => {
    if (value === undefined) return undefined;
    if (wrapped.type === 'string' && (typeof value === 'string' || isLocalised(value))) {
      const texts = filledTexts(walk, path, value, report);
      return texts && textOut(walk, texts, typeof value !== 'string');
    }
    const whole = wholeValue(walk, value);
    let source: unknown = whole ?? value;
    if (typeof source === 'string') {
      const { text, missing } = fillPlaceholders(source, walk.data);
      if (missing.length) {
        if (report) for (const name of new Set(missing)) walk.errors.push(problemAt(path, noValue(name)));
        return undefined;
      }
      source = text;
    }
    const typed = typedValue(wrapped.type, source);
    if (typed === undefined && report)
      walk.errors.push(
        problemAt(path, {
          en: `"${String(source)}" is not a valid ${wrapped.type}.`,
          cs: `"${String(source)}" není platná hodnota typu ${wrapped.type}.`,
        }),
      );
    return typed;
  };
  const hasFallback = wrapped.fallback !== undefined && wrapped.fallback !== '';
  const resolved = attempt(wrapped.value, !hasFallback);
  if (resolved !== undefined) return resolved;
  return hasFallback ? attempt(wrapped.fallback, true) : undefined;
}

function walkValue(walk: Walk, path: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, index) => walkValue(walk, `${path}/${index}`, item));
  if (isWrapped(value)) return resolveWrapped(walk, path, value);
  if (isLocalised(value)) {
    const texts = filledTexts(walk, path, value, true);
    return texts ? textOut(walk, texts, true) : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const resolved = walkValue(walk, `${path}/${key}`, item);
      if (resolved !== undefined) out[key] = resolved;
    }
    return out;
  }
  if (typeof value === 'string' && value.includes('#{')) {
    const texts = filledTexts(walk, path, value, true);
    return texts ? textOut(walk, texts, false) : undefined;
  }
  return value;
}

/**
 * The template's pass.json with every placeholder filled from the pass's dynamic data (else its fallback), wrapped
 * values unwrapped to Apple's types, localised texts per the mode. A placeholder without value nor fallback is an
 * error at its path (under /jsonTemplate).
 *
 * @example resolveTemplate(template.jsonTemplate, pass.dynamicData, ['en', 'cs'], { kind: 'strings' })
 */
export function resolveTemplate(
  jsonTemplate: unknown,
  data: unknown,
  languages: readonly string[],
  mode: TextMode,
): ResolvedTemplate {
  const walk: Walk = { data, languages, mode, localised: new Map(), errors: [] };
  const json = walkValue(walk, '/jsonTemplate', jsonTemplate ?? {});
  return { json: json as Record<string, unknown>, localised: walk.localised, errors: walk.errors };
}
