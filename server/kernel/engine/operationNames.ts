/** `pass` → `passes`, `ticketEntry` → `ticketEntries`, `apiClient` → `apiClients`: English plurals of API names. */
function pluralOf(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const withArticle = (label: string) => `${/^[aeio]/i.test(label) ? 'an' : 'a'} ${label}`;

/** The name of a resource's entity in the OpenAPI document's schemas: `apiClient` → `ApiClient`. */
export const entitySchemaName = capitalized;

/**
 * The operationId and summary of each generic call of a resource, stable and unique across the API (the method names
 * of a generated client).
 *
 * @example crudOperations('pass', 'pass').list // { operationId: 'listPasses', summary: 'List passes' }
 */
export function crudOperations(name: string, label: string) {
  const one = capitalized(name);
  const many = capitalized(pluralOf(name));
  const a = withArticle(label);
  const labels = pluralOf(label);
  return {
    list: { operationId: `list${many}`, summary: `List ${labels}` },
    get: { operationId: `get${one}`, summary: `Get ${a}` },
    create: { operationId: `create${one}`, summary: `Create ${a}` },
    replace: { operationId: `replace${one}`, summary: `Replace ${a}` },
    patch: { operationId: `patch${one}`, summary: `Change some fields of ${a}` },
    delete: { operationId: `delete${one}`, summary: `Delete ${a}` },
    batch: { operationId: `batch${many}`, summary: `Run a batch of calls on ${labels}` },
    history: { operationId: `get${one}History`, summary: `Get the change history of ${a}` },
  };
}
