import type { AuditEntry } from '../../domain/schemas/audit';

const SHORT = 80;

/** A field's value as one short line: strings as they are, other values as JSON, cut at 80 characters. */
export function shortValue(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text;
}

/** One line per changed field: `field: before → after`. */
export function diffLines(entry: AuditEntry): string[] {
  return Object.entries(entry.changes).map(
    ([field, { before, after }]) => `${field}: ${shortValue(before)} → ${shortValue(after)}`,
  );
}

/**
 * The row as it was right after `entries[index]`: the current row with every newer change undone.
 * `entries` is the history newest first, as the API answers it, read at least down to `index`.
 */
export function versionAfter(
  current: Record<string, unknown>,
  entries: readonly AuditEntry[],
  index: number,
): Record<string, unknown> {
  const version = { ...current };
  for (const entry of entries.slice(0, index))
    for (const [field, { before }] of Object.entries(entry.changes)) version[field] = before ?? null;
  return version;
}
