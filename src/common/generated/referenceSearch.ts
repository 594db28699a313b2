import { descriptorOfRoute } from '../../dataProviders/resourceRegistry';

/**
 * What a reference picker sends as it is typed in: the referenced resource's representation (a name, contained),
 * when its declaration filters by it; nothing otherwise (react-admin's own `q` is no field of the API).
 *
 * @example <ReferenceInput source="templateId" reference="passes/template"><AutocompleteInput filterToQuery={searchBy('passes/template')} /></ReferenceInput>
 */
export function searchBy(route: string): (text: string) => Record<string, string> {
  const descriptor = descriptorOfRoute(route);
  const field = descriptor?.representation;
  const searchable = field !== undefined && descriptor?.filterFields[field] === 'string';
  return (text) => (searchable && text.trim() !== '' ? { [field]: text.trim() } : {});
}
