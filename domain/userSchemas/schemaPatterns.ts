/** Keywords whose value is a subschema, a list of subschemas, or subschemas by name (JSON Schema draft 7 to 2020-12). */
const ONE_SCHEMA = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems'];
const SCHEMAS_BY_NAME = [
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
];

export interface SchemaPattern {
  /** JSON pointer to the pattern: a `pattern` keyword, or a key of `patternProperties` */
  path: string;
  pattern: string;
  keyword: 'pattern' | 'patternProperties';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const pointer = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * Every regular expression a JSON schema holds where a validator compiles one, with its path (`root` first).
 *
 * @example schemaPatterns({ properties: { code: { pattern: '^[A-Z]+$' } } }, '')
 * // [{ path: '/properties/code/pattern', pattern: '^[A-Z]+$', keyword: 'pattern' }]
 */
export function schemaPatterns(schema: unknown, root: string): SchemaPattern[] {
  const found: SchemaPattern[] = [];
  // a list of what is left to visit rather than recursion: a schema may be nested deeper than the call stack
  const pending: Array<{ node: unknown; path: string }> = [{ node: schema, path: root }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, path } = next;
    if (!isObject(node)) continue;
    if (typeof node.pattern === 'string')
      found.push({ path: `${path}/pattern`, pattern: node.pattern, keyword: 'pattern' });
    if (isObject(node.patternProperties))
      for (const pattern of Object.keys(node.patternProperties))
        found.push({
          path: `${path}/patternProperties${pointer(pattern)}`,
          pattern,
          keyword: 'patternProperties',
        });
    for (const keyword of ONE_SCHEMA) pending.push({ node: node[keyword], path: `${path}/${keyword}` });
    for (const keyword of SCHEMA_LISTS) {
      const list = node[keyword];
      if (Array.isArray(list))
        list.forEach((item, index) => pending.push({ node: item, path: `${path}/${keyword}/${index}` }));
    }
    for (const keyword of SCHEMAS_BY_NAME) {
      const byName = node[keyword];
      if (isObject(byName))
        for (const [name, item] of Object.entries(byName))
          pending.push({ node: item, path: `${path}/${keyword}${pointer(name)}` });
    }
  }
  return found;
}
