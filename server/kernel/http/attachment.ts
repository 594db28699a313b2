/**
 * A Content-Disposition that downloads a file under the given name: an ASCII fallback for old clients and the
 * exact name in UTF-8 (RFC 6266, RFC 5987).
 *
 * @example reply.header('content-disposition', attachment('Member card.pem'))
 */
export function attachment(fileName: string): string {
  const safe = fileName.replace(/[\r\n"\\/]/g, '_');
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
