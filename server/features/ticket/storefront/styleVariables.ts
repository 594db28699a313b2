import type { EshopStyles } from '../../../../domain/schemas/eshop';
import { safeCssColor, textColorOn } from '../../../../domain/ticket/cssColor';
/** A font list: names in letters, digits and spaces, quoted or not, separated by commas. */
const FONT_LIST = /^[A-Za-z0-9 ,'"-]{1,200}$/;
/** A height: a number and a unit. */
const LENGTH = /^\d{1,4}(\.\d{1,3})?(px|rem|em|vh|%)$/;

const isColor = (value: string) => safeCssColor(value, '') !== '';
/** Balanced quotes too: an open string would swallow the declarations after it. */
const isFontList = (value: string) =>
  FONT_LIST.test(value) &&
  (value.match(/"/g) ?? []).length % 2 === 0 &&
  (value.match(/'/g) ?? []).length % 2 === 0;
const isLength = (value: string) => LENGTH.test(value);

/**
 * The e-shop's styles the storefront applies, each as a CSS variable of the page's style (storefrontStyle.ts) and
 * the test its value must pass. The images (backgroundImg, headerImg, footerImg) are left out: the page's
 * Content-Security-Policy loads images from this server only, and an address of another would not show.
 */
const VARIABLES: Array<[keyof EshopStyles, string, (value: string) => boolean]> = [
  ['brandPrimary', '--brand', isColor],
  ['brandSecondary', '--brand-secondary', isColor],
  ['backgroundColor', '--background', isColor],
  ['headerColor', '--header', isColor],
  ['footerColor', '--footer', isColor],
  ['contentColor', '--content', isColor],
  ['contentBtnColor', '--button', isColor],
  ['contentErrorColor', '--error', isColor],
  ['contentWarningColor', '--warning', isColor],
  ['fontFamily', '--font', isFontList],
  ['headerHeight', '--header-height', isLength],
  ['footerHeight', '--footer-height', isLength],
];

/** Text on the e-shop's coloured bands: black or white, whichever reads on the band's colour. */
const TEXT_ON: Array<[keyof EshopStyles, string]> = [
  ['headerColor', '--on-header'],
  ['footerColor', '--on-footer'],
  ['contentBtnColor', '--on-button'],
];

/**
 * The e-shop's look as CSS variables (`:root{--brand:#0b57d0;…}`), for the page's style block. Every value passes a
 * strict pattern first and is left out otherwise: the styles are typed by an administrator, but whatever they hold
 * must never become CSS of its own (a `}` or `</style>` would end the block and let anything follow).
 *
 * @example styleVariables({ brandPrimary: '#0b57d0', fontFamily: 'x;}</style><script>' }) // ':root{--brand:#0b57d0;}'
 */
export function styleVariables(styles: unknown): string {
  if (!styles || typeof styles !== 'object') return '';
  const given = styles as Record<string, unknown>;
  const declarations = VARIABLES.flatMap(([key, variable, safe]) => {
    const value = given[key];
    return typeof value === 'string' && safe(value.trim()) ? [`${variable}:${value.trim()};`] : [];
  });
  for (const [key, variable] of TEXT_ON) {
    const color = safeCssColor(given[key], '');
    if (color) declarations.push(`${variable}:${textColorOn(color)};`);
  }
  return declarations.length ? `:root{${declarations.join('')}}` : '';
}
