/** The JSON types a cell may become, as a template's dynamic data schema names them. */
type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** What a column becomes: the path of its key in dynamicData and the types its schema allows (none: text). */
export interface ImportColumn {
  name: string;
  path: string[];
  types: JsonType[];
}

interface SchemaNode {
  type?: JsonType | JsonType[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
}

const asNode = (value: unknown): SchemaNode | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as SchemaNode) : undefined;

/** The types a schema allows, its anyOf and oneOf members' included. */
function typesOf(node: SchemaNode | undefined): JsonType[] {
  if (!node) return [];
  const own = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  const members = [...(node.anyOf ?? []), ...(node.oneOf ?? [])].flatMap((member) => typesOf(asNode(member)));
  return [...new Set([...own, ...members])];
}

/** The object schemas a schema allows (anyOf members too), where a key's own schema is looked for. */
function objectNodes(node: SchemaNode | undefined): SchemaNode[] {
  if (!node) return [];
  return [
    node,
    ...[...(node.anyOf ?? []), ...(node.oneOf ?? [])].flatMap((m) => objectNodes(asNode(m))),
  ].filter((candidate) => candidate.properties !== undefined || candidate.additionalProperties !== undefined);
}

/**
 * The column named `a.b` as the dynamic data schema sees it: its path and types, or an error naming it when the
 * schema lists the keys of that object and this is none of them.
 *
 * @example importColumn(schema, 'holder.name') // { name: 'holder.name', path: ['holder', 'name'], types: ['string'] }
 */
export function importColumn(schema: unknown, name: string): ImportColumn | { error: string } {
  const path = name.split('.');
  if (path.some((key) => key === ''))
    return { error: `The column "${name}" has an empty key: name it as a.b.` };
  let node = asNode(schema);
  for (const [index, key] of path.entries()) {
    const objects = objectNodes(node);
    const declared = objects.find((object) => object.properties && key in object.properties);
    if (declared) {
      node = asNode(declared.properties?.[key]);
      continue;
    }
    const open =
      objects.length === 0 ||
      objects.some((object) => object.additionalProperties !== false && !object.properties);
    if (open)
      return {
        name,
        path,
        types: index === path.length - 1 ? typesOf(asNode(objects[0]?.additionalProperties)) : [],
      };
    const known = objects.flatMap((object) => Object.keys(object.properties ?? {}));
    const parent = path.slice(0, index).join('.');
    return {
      error:
        `Unknown column "${name}": the template's dynamic data has no key "${key}"${parent ? ` in "${parent}"` : ''}` +
        (known.length ? ` (its keys: ${known.slice(0, 20).join(', ')}).` : '.'),
    };
  }
  return { name, path, types: typesOf(node) };
}

const TRUE = new Set(['true', '1', 'yes', 'ano', 'y', 'a']);
const FALSE = new Set(['false', '0', 'no', 'ne', 'n']);
const INTEGER = /^[+-]?\d+$/;
/** a decimal number with a point or a comma (Czech Excel's decimal sign) */
const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/**
 * A cell's text as the value its column's types want: a whole number, a number (`3,5` read as 3.5), a boolean
 * (true/false, 1/0, yes/no, ano/ne), null (`null`), JSON for an object or array, else the text itself. A text the
 * types cannot take answers an error saying what was expected. Formulas (`=…`) are texts like any other.
 *
 * @example cellValue(['integer'], '42') // { value: 42 }
 */
export function cellValue(types: JsonType[], text: string): { value: unknown } | { error: string } {
  const trimmed = text.trim();
  if (types.length === 0 || types.includes('string')) {
    if (types.includes('null') && trimmed === 'null') return { value: null };
    return { value: text };
  }
  if (types.includes('null') && trimmed.toLowerCase() === 'null') return { value: null };
  if (types.includes('integer') && INTEGER.test(trimmed)) return { value: Number(trimmed) };
  if (types.includes('number') && NUMBER.test(trimmed)) return { value: Number(trimmed.replace(',', '.')) };
  if (types.includes('boolean')) {
    if (TRUE.has(trimmed.toLowerCase())) return { value: true };
    if (FALSE.has(trimmed.toLowerCase())) return { value: false };
  }
  if ((types.includes('object') || types.includes('array')) && /^[[{]/.test(trimmed)) {
    try {
      return { value: JSON.parse(trimmed) };
    } catch {
      return { error: `"${short(text)}" is not valid JSON.` };
    }
  }
  const expected = types
    .filter((type) => type !== 'null')
    .map((type) =>
      type === 'integer'
        ? 'a whole number'
        : type === 'number'
          ? 'a number'
          : type === 'boolean'
            ? 'true or false'
            : `JSON (${type})`,
    );
  return { error: `Expected ${expected.join(' or ')}, got "${short(text)}".` };
}

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
