import type { AuditQuery } from '../../domain/schemas/audit';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A datetime-local value (the browser's time zone) as the instant it names; nothing for an empty or broken one. */
function instant(value: unknown): string | undefined {
  const local = text(value);
  const date = local ? new Date(local) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/**
 * The audit screen's filter values as the API takes them: empty ones left out, times as ISO instants.
 *
 * @example toAuditQuery({ resource: 'template', from: '2026-11-20T10:00' }, 1, 25)
 * // { resource: 'template', from: '2026-11-20T09:00:00.000Z', page: 1, limit: 25 } (in Prague)
 */
export function toAuditQuery(filter: Record<string, unknown>, page: number, limit: number): AuditQuery {
  return {
    resource: text(filter.resource),
    userId: text(filter.userId),
    from: instant(filter.from),
    to: instant(filter.to),
    page,
    limit,
  };
}
