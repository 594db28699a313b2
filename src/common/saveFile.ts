/**
 * Saves content the console fetched itself (with the bearer token) as a file in the browser's downloads.
 *
 * @example saveFile(pem, 'Member card.pem', 'application/x-pem-file')
 */
export function saveFile(content: BlobPart, fileName: string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
