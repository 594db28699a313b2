import type { FieldError } from '../../../kernel/http/errors';

/**
 * How much a customer may tell with an order (the `data` of its lines: name on the ticket, …). A line's data is
 * stored once for all its counted items, so the order's total is the sum over its lines.
 */
export const CUSTOMER_DATA_LIMITS = {
  bytesPerLine: 16 * 1024,
  bytesPerOrder: 64 * 1024,
  /** objects and arrays inside one another, the data object itself being the first */
  depth: 8,
  /** keys and array elements, at every depth */
  values: 1000,
} as const;

const HAS_NUL = 'must not contain the NUL character (\\u0000)';

/** What is wrong with the shape of one line's data, if anything; walks without recursion, whatever the nesting. */
function shapeProblem(data: Record<string, unknown>): string | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 1 }];
  let values = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string' && value.includes('\u0000')) return HAS_NUL;
    if (value === null || typeof value !== 'object') continue;
    if (depth > CUSTOMER_DATA_LIMITS.depth)
      return `nests objects and arrays deeper than ${CUSTOMER_DATA_LIMITS.depth} levels`;
    if (!Array.isArray(value) && Object.keys(value).some((key) => key.includes('\u0000'))) return HAS_NUL;
    const children = Object.values(value);
    values += children.length;
    if (values > CUSTOMER_DATA_LIMITS.values)
      return `holds more than ${CUSTOMER_DATA_LIMITS.values} keys and array elements`;
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}

const bytes = (count: number) => count.toLocaleString('en');

/**
 * The errors of the order lines' data against CUSTOMER_DATA_LIMITS, by field; none when all is well.
 *
 * @example customerDataErrors([{ data: { name: 'Eva' } }]) // []
 */
export function customerDataErrors(lines: ReadonlyArray<{ data?: Record<string, unknown> }>): FieldError[] {
  const errors: FieldError[] = [];
  let total = 0;
  lines.forEach((line, index) => {
    if (line.data === undefined) return;
    const path = `/items/${index}/data`;
    const problem = shapeProblem(line.data);
    if (problem) return errors.push({ path, message: problem });
    const size = Buffer.byteLength(JSON.stringify(line.data));
    total += size;
    if (size > CUSTOMER_DATA_LIMITS.bytesPerLine)
      errors.push({
        path,
        message: `is ${bytes(size)} bytes of JSON, more than the ${bytes(CUSTOMER_DATA_LIMITS.bytesPerLine)} allowed per item`,
      });
  });
  if (errors.length === 0 && total > CUSTOMER_DATA_LIMITS.bytesPerOrder)
    errors.push({
      path: '/items',
      message: `carry ${bytes(total)} bytes of customer data, more than the ${bytes(CUSTOMER_DATA_LIMITS.bytesPerOrder)} allowed per order`,
    });
  return errors;
}
