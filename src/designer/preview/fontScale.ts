/** Field font scale limits (spec section 9). */
export const MIN_FONT_SCALE = 0.75;
export const MAX_FONT_SCALE = 1.25;

// Average advance of a glyph in ems for the system sans-serif: measuring text in the DOM on every keystroke
// would force a layout per field, an estimate by kind of character is close enough for a preview.
const NARROW = /[iljtfrI1.,:;'|!() ]/;
const WIDE = /[MWmw@%]/;
const UPPER_OR_DIGIT = /[A-Z0-9]/;

/** The estimated width of a text in pixels at a font size. */
export function estimatedTextWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const character of text) {
    if (NARROW.test(character)) ems += 0.3;
    else if (WIDE.test(character)) ems += 0.85;
    else if (UPPER_OR_DIGIT.test(character)) ems += 0.65;
    else ems += 0.53;
  }
  return ems * fontSize;
}

/**
 * The scale of a value's font so that it fills its slot: smaller for a long text, larger for a short one,
 * between 75 and 125 %.
 *
 * @example fontScale('Gold', 16, 280) // 1.25
 * @example fontScale('A very long customer name indeed', 16, 140) // 0.75
 */
export function fontScale(text: string, fontSize: number, slotWidth: number): number {
  const width = estimatedTextWidth(text, fontSize);
  if (width === 0) return 1;
  return Math.min(MAX_FONT_SCALE, Math.max(MIN_FONT_SCALE, slotWidth / width));
}
