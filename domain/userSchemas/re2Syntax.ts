import { RE2JS } from 're2js';

/**
 * JavaScript's white space and line terminators (what `\s` matches with the u flag). RE2's `\s` is ASCII only
 * and its `.` stops at `\n` alone, so both are spelled out for RE2 to match exactly what JSON Schema means.
 */
const WHITE_SPACE =
  '\\u{9}-\\u{D}\\u{20}\\u{A0}\\u{1680}\\u{2000}-\\u{200A}\\u{2028}\\u{2029}\\u{202F}\\u{205F}\\u{3000}\\u{FEFF}';
const NOT_WHITE_SPACE =
  '\\u{0}-\\u{8}\\u{E}-\\u{1F}\\u{21}-\\u{9F}\\u{A1}-\\u{167F}\\u{1681}-\\u{1FFF}\\u{200B}-\\u{2027}\\u{202A}-\\u{202E}' +
  '\\u{2030}-\\u{205E}\\u{2060}-\\u{2FFF}\\u{3001}-\\u{FEFE}\\u{FF00}-\\u{10FFFF}';
const ANY_BUT_LINE_TERMINATOR = '[^\\u{A}\\u{D}\\u{2028}\\u{2029}]';

const LOOKAROUNDS = ['(?=', '(?!', '(?<=', '(?<!'];

export type Re2Syntax = { ok: true; source: string } | { ok: false; problem: string };

/**
 * A JSON Schema pattern (ECMA-262 syntax, as ajv compiles it with `flags`) in RE2 syntax with the same meaning,
 * or why it has none: backreferences and lookaround need backtracking, which is what makes a pattern hang.
 *
 * @example toRe2Syntax('^\\S+$', 'u') // { ok: true, source: '^[\\x{0}-\\x{8}…]+$' }
 */
export function toRe2Syntax(pattern: string, flags: string): Re2Syntax {
  try {
    // Only parsed, never run: JavaScript's parser is linear, its matcher is not.
    new RegExp(pattern, flags);
  } catch (error) {
    return { ok: false, problem: `is not a valid regular expression (${(error as Error).message})` };
  }
  let source = '';
  let inClass = false;
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at];
    if (char === '\\') {
      const next = pattern[at + 1];
      at++;
      if (next === 's') source += inClass ? WHITE_SPACE : `[${WHITE_SPACE}]`;
      else if (next === 'S') source += inClass ? NOT_WHITE_SPACE : `[^${WHITE_SPACE}]`;
      else if (!inClass && (next === 'k' || (next >= '1' && next <= '9')))
        return {
          ok: false,
          problem:
            'uses a backreference (\\1, \\k<name>), which the linear-time pattern engine does not support',
        };
      else source += char + next;
    } else if (inClass) {
      if (char === ']') inClass = false;
      source += char;
    } else if (char === '[') {
      inClass = true;
      source += char;
    } else if (char === '(' && LOOKAROUNDS.some((lookaround) => pattern.startsWith(lookaround, at))) {
      return {
        ok: false,
        problem:
          'uses a lookahead or lookbehind ((?=, (?!, (?<=, (?<!), which the linear-time pattern engine does not support',
      };
    } else source += char === '.' ? ANY_BUT_LINE_TERMINATOR : char;
  }
  return { ok: true, source: RE2JS.translateRegExp(source) };
}
