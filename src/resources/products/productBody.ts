import { withNumberServiceConfig } from './numberServiceBody';

type ProductValues = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const instant = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The product's event as saved: the parts that are filled (texts trimmed), or null when none is, so that a product
 * that is no event carries none.
 *
 * @example eventBody({ name: ' Summer concert ', venue: '', startsAt: null }) // { name: 'Summer concert', startsAt: null, endsAt: null }
 */
export function eventBody(event: unknown): Record<string, string | null> | null {
  if (typeof event !== 'object' || event === null) return null;
  const parts = event as Record<string, unknown>;
  const name = text(parts.name);
  const venue = text(parts.venue);
  const startsAt = instant(parts.startsAt);
  const endsAt = instant(parts.endsAt);
  if (!name && !venue && !startsAt && !endsAt) return null;
  return { ...(name && { name }), ...(venue && { venue }), startsAt, endsAt };
}

/**
 * The product as Save sends it: the number service's own config (numberServiceBody) and the event, or null.
 *
 * @example productBody({ ...values, event: { name: '' } }).event // null
 */
export function productBody<Values extends ProductValues>(values: Values): Values {
  const body = withNumberServiceConfig(values);
  return 'event' in body ? { ...body, event: eventBody(body.event) } : body;
}
