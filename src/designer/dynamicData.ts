/**
 * What the template's dynamic-data schema offers the designer: the placeholders to insert and sample data
 * to feed the preview with.
 */
import type { WrappedType } from '../../domain/template/values';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface PlaceholderOption {
  /** dotted path of the property: `customer.firstName` */
  name: string;
  /** the kind of value it fills */
  type: WrappedType;
  title?: string;
  /** 'ticket': a field of the ticket contract, which the e-shop's checkout fills (not the template's schema) */
  group?: 'ticket';
}

/** the deepest dotted path a placeholder may have (domain/template/values.ts PLACEHOLDER) */
const MAX_DEPTH = 4;
const NAME_PART = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function typesOf(schema: Json): string[] {
  const type = schema.type;
  return Array.isArray(type)
    ? type.filter((each): each is string => typeof each === 'string')
    : typeof type === 'string'
      ? [type]
      : [];
}

function wrappedTypeOf(schema: Json): WrappedType {
  const types = typesOf(schema);
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (schema.format === 'date-time' || schema.format === 'date') return 'date';
  if (schema.format === 'color') return 'color';
  return 'string';
}

/**
 * The schema's properties that can fill a `#{…}` placeholder, nested objects as dotted paths.
 *
 * @example placeholderOptions({ properties: { name: { type: 'string' }, points: { type: 'integer' } } })
 * // [{ name: 'name', type: 'string' }, { name: 'points', type: 'number' }]
 */
export function placeholderOptions(schema: unknown, prefix = '', depth = 1): PlaceholderOption[] {
  if (!isObject(schema) || !isObject(schema.properties) || depth > MAX_DEPTH) return [];
  return Object.entries(schema.properties).flatMap(([key, property]): PlaceholderOption[] => {
    if (!NAME_PART.test(key) || !isObject(property)) return [];
    const name = `${prefix}${key}`;
    if (typesOf(property).includes('object') || isObject(property.properties))
      return placeholderOptions(property, `${name}.`, depth + 1);
    const title = typeof property.title === 'string' ? property.title : undefined;
    return [{ name, type: wrappedTypeOf(property), ...(title ? { title } : {}) }];
  });
}

function sampleOf(schema: Json): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (isObject(schema.properties)) {
    const entries = Object.entries(schema.properties)
      .map(([key, property]) => [key, isObject(property) ? sampleOf(property) : undefined] as const)
      .filter(([, value]) => value !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}

/**
 * Sample dynamic data from the schema's defaults or first examples (nothing for a property that has neither).
 *
 * @example sampleDynamicData({ properties: { name: { type: 'string', examples: ['Jane'] } } }) // { name: 'Jane' }
 */
export function sampleDynamicData(schema: unknown): Json {
  const sample = isObject(schema) ? sampleOf(schema) : undefined;
  return isObject(sample) ? sample : {};
}

/** The value at a dotted path of the dynamic data, if it is a plain value. */
export function dynamicValueAt(data: Json, name: string): string | number | boolean | undefined {
  let current: unknown = data;
  for (const part of name.split('.')) current = isObject(current) ? current[part] : undefined;
  return typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean'
    ? current
    : undefined;
}
