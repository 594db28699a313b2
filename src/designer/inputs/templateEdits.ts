import type { BarcodeT, JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { changeBarcode } from '../designerRules';

type Json = Record<string, unknown>;

/** An object without its undefined properties: the pass.json holds no property set to nothing. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
}

/**
 * The pass.json with one property set; undefined removes it.
 *
 * @example withProperty(template, 'groupingIdentifier', undefined) // the template without groupingIdentifier
 */
export function withProperty<K extends keyof JsonTemplateT>(
  template: JsonTemplateT,
  key: K,
  value: JsonTemplateT[K] | undefined,
): JsonTemplateT {
  return withoutUndefined({ ...template, [key]: value });
}

/**
 * The barcodes with a change to the main one, which changeBarcode carries over to the fallback of a
 * Code 128 barcode; an undefined value removes the property.
 */
export function withBarcodeChange(template: JsonTemplateT, change: Partial<BarcodeT>): JsonTemplateT {
  return { ...template, barcodes: changeBarcode(template.barcodes, change).map(withoutUndefined) };
}

/** A list with one item changed (undefined values removed); an empty list is no list. */
export function withItemChange<T extends object>(
  items: readonly T[] | undefined,
  index: number,
  change: Json,
): T[] {
  return (items ?? []).map((item, at) => (at === index ? withoutUndefined({ ...item, ...change }) : item));
}

/** A list without one item; undefined once it is empty, so that the property goes. */
export function withoutItem<T>(items: readonly T[] | undefined, index: number): T[] | undefined {
  const rest = (items ?? []).filter((_item, at) => at !== index);
  return rest.length ? rest : undefined;
}

/**
 * An object with one property set (undefined removes it); undefined once nothing is left, so that an emptied
 * object (semantics, a seat, date information) leaves the pass.json too.
 *
 * @example withKey({ venueName: 'Arena' }, 'venueName', undefined) // undefined
 */
export function withKey<T extends object>(object: T | undefined, key: string, value: unknown): T | undefined {
  const next = withoutUndefined({ ...(object ?? {}), [key]: value }) as T;
  return Object.keys(next).length ? next : undefined;
}
