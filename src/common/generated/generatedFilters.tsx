import type { ReactElement } from 'react';
import { DateInput, NullableBooleanInput, SelectInput, TextInput, type InputProps } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { RANGE_FROM, RANGE_TO } from '../../dataProviders/listQuery';
import { ProjectInput } from '../ProjectInput';
import { WholeIdFilterInput } from '../WholeIdFilterInput';
import { schemaFields } from './schemaFields';

/**
 * A list's filters from its declaration's filter fields, by kind: a text search, yes/no, an id (the project by
 * name), a number, a date range (from and to), one of a field's choices; JSON and nested fields are left to custom
 * lists.
 *
 * @example <ResourceList filters={generatedFilters(projectResource, translateLabel)}>…</ResourceList>
 */
export function generatedFilters(
  descriptor: ResourceDescriptor,
  labelOf: (source: string) => string,
): ReactElement<InputProps & { alwaysOn?: boolean }>[] {
  const shapes = new Map(schemaFields(descriptor.schema).map((field) => [field.name, field.shape]));
  return Object.entries(descriptor.filterFields).flatMap(([field, kind]) => {
    if (field === 'deletedAt' || field.includes('.')) return [];
    const shape = shapes.get(field);
    if (shape?.kind === 'choice')
      return [
        <SelectInput
          key={field}
          source={field}
          choices={shape.choices.map((choice) => ({ id: choice, name: String(choice) }))}
        />,
      ];
    switch (kind) {
      case 'string':
        return [<TextInput key={field} source={field} />];
      case 'number':
        return [<TextInput key={field} source={field} type="number" />];
      case 'boolean':
        return [<NullableBooleanInput key={field} source={field} />];
      case 'uuid':
        return field === 'projectId'
          ? [<ProjectInput key={field} source={field} />]
          : [<WholeIdFilterInput key={field} source={field} />];
      case 'datetime':
        return [
          <DateInput
            key={`${field}${RANGE_FROM}`}
            source={`${field}${RANGE_FROM}`}
            label={`${labelOf(field)} ≥`}
          />,
          <DateInput
            key={`${field}${RANGE_TO}`}
            source={`${field}${RANGE_TO}`}
            label={`${labelOf(field)} ≤`}
          />,
        ];
      default:
        return [];
    }
  });
}
