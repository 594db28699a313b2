/** A value of a Stripe request: nested objects and arrays become bracketed keys; undefined and null are left out. */
export type StripeFormValue =
  string | number | boolean | null | undefined | StripeFormValue[] | { [key: string]: StripeFormValue };

/**
 * The form body Stripe's API takes (application/x-www-form-urlencoded with nested keys).
 *
 * @example stripeForm({ line_items: [{ quantity: 1 }], metadata: { orderId: 'a' } })
 * // 'line_items%5B0%5D%5Bquantity%5D=1&metadata%5BorderId%5D=a' (line_items[0][quantity]=1&metadata[orderId]=a)
 */
export function stripeForm(fields: Record<string, StripeFormValue>): string {
  const pairs: string[] = [];
  const add = (key: string, value: StripeFormValue): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === 'object')
      for (const [name, inner] of Object.entries(value)) add(`${key}[${name}]`, inner);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  return pairs.join('&');
}
