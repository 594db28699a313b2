/**
 * A part of a resolved pass.json read as an object: itself when it is one, else an empty object (a template's
 * JSON is checked, but a pass's resolved values need not be what the template's schema says).
 *
 * @example asRecord(passJson.eventTicket).primaryFields
 */
export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** @example asList(passJson.barcodes).length // 0 when there are none */
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
