/**
 * The public addresses of a pass (spec section 2): view, Apple Wallet file, printable PDF and QR code,
 * tagged 'console' so that reports tell the console's own requests apart.
 *
 * @example passLinks('/p', id).pdf // '/p/{id}?format=pdf&tag=console'
 */
export function passLinks(passBase: string, passId: string) {
  const base = `${passBase}/${encodeURIComponent(passId)}`;
  const view = `${base}?tag=console`;
  return {
    view,
    pkpass: `${view}&format=pkpass`,
    pdf: `${base}?format=pdf&tag=console`,
    qrCode: `${view}&format=qrcode`,
  };
}

/** The pass's Save to Google Pay address of the core API (used as a link only). */
export const saveToGooglePayLink = (coreApi: string, passId: string) =>
  `${coreApi}/v1/pass/${encodeURIComponent(passId)}/savetogooglepay`;

/** Dynamic data in a list cell: compact JSON, cut after `max` characters. */
export function shortJson(value: unknown, max = 60): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
