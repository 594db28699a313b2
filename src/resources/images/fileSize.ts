const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A size in bytes as people read it, in steps of 1024 from Bytes up to YB, at most two decimals.
 *
 * @example formatFileSize(1536) // '1.5 KB'
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** unit;
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}
