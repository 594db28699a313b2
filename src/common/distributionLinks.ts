/**
 * Where the distribution service will hand out a distributable template's passes, and its QR code.
 * The distribution routes (/p/t/{id}) answer them.
 *
 * @example distributionLinks('/p', 'https://console.example.com', id).link // 'https://console.example.com/p/t/{id}'
 */
export function distributionLinks(passBase: string, origin: string, templateId: string) {
  const base = /^https?:\/\//.test(passBase) ? passBase : `${origin}${passBase}`;
  const link = `${base}/t/${encodeURIComponent(templateId)}`;
  return { link, qrCode: `${link}?format=qrcode` };
}
