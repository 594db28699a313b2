/** ISO 8601 text of a timestamp column (drivers answer Date objects). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** The fields every entity has, as the API answers them. */
export function entityBase(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    deletedAt: iso(row.deletedAt),
  };
}

/** Only the listed fields of the data, for the ones present. */
export function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]),
  );
}

/**
 * A value for a jsonb column, as JSON text: drivers would write a JS array as a PostgreSQL array, not as JSON.
 * undefined stays undefined (not written), null stays SQL null.
 */
export function jsonColumn(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return value;
  return JSON.stringify(value);
}
