/**
 * The CSS colour forms an e-shop's style may use where its value lands in a style attribute (the order email):
 * #hex, a colour function of numbers (rgb, hsl and their alpha forms) or a colour keyword. Nothing else passes, so
 * a value can neither end the declaration nor load anything (`red;background:url(…)`, `expression(…)`).
 */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\(\s*[0-9.,%\s/-]+\)|[a-z]{3,30})$/i;

/**
 * The e-shop's colour when it is one of the safe forms, else the fallback.
 *
 * @example safeCssColor('#0a7d3b', '#111827') // '#0a7d3b'; safeCssColor('red;background:url(x)', '#111827') // '#111827'
 */
export function safeCssColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const color = value.trim();
  return SAFE_COLOR.test(color) && !/^(inherit|initial|unset|revert|currentcolor|transparent)$/i.test(color)
    ? color
    : fallback;
}

/**
 * Black or white, whichever reads better on a background colour: computed for #hex, white for the other forms
 * (most brand colours are dark enough for it).
 *
 * @example textColorOn('#ffd400') // '#000000'; textColorOn('#0a7d3b') // '#ffffff'
 */
export function textColorOn(background: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background)?.[1];
  if (!hex) return '#ffffff';
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [red, green, blue] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16) / 255);
  // relative luminance (WCAG), channels linearised
  const linear = (channel: number) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  const luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
