import { cloneElement, type ReactElement } from 'react';
import {
  AutocompleteInput,
  DateInput,
  NullableBooleanInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useCanAccess,
  type InputProps,
  type TranslateFunction,
} from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type FilterHint, type FilterKind } from '../../../domain/resourceUi';
import type { FieldKind } from '../../../domain/where';
import { RANGE_FROM, RANGE_TO } from '../../dataProviders/listQuery';
import { ProjectInput } from '../ProjectInput';
import { WholeIdFilterInput } from '../WholeIdFilterInput';
import { useRowAccess } from '../useRowAccess';
import { choiceLabel } from './choiceLabels';
import { searchBy } from './referenceSearch';
import { schemaFields, type FieldShape } from './schemaFields';
import { NamedWidget } from './widgets';

type FilterElement = ReactElement<InputProps & { alwaysOn?: boolean }>;

/** A row of another resource picked by its name; its whole id typed by a viewer who may not list that resource. */
const ReferenceFilterInput = ({ source, route }: { source: string; route: string; alwaysOn?: boolean }) => {
  const { canAccess } = useCanAccess({ resource: route, action: 'list' });
  if (canAccess !== true) return <WholeIdFilterInput source={source} />;
  return (
    <ReferenceInput source={source} reference={route}>
      <AutocompleteInput filterToQuery={searchBy(route)} />
    </ReferenceInput>
  );
};

/** The project, among those where the viewer may read the list's rows. */
const ProjectFilterInput = (props: { source: string; alwaysOn?: boolean }) => {
  const mayList = useRowAccess('list');
  return <ProjectInput {...props} only={(project) => mayList({ id: project.id, projectId: project.id })} />;
};

/** The kind of a filter its hint names none of, from the field's shape and its kind in the declaration. */
function filterKindOf(shape: FieldShape | undefined, kind: FieldKind | undefined): FilterKind | undefined {
  if (shape?.kind === 'choice') return 'choice';
  if (shape?.kind === 'reference') return 'reference';
  switch (kind) {
    case 'string':
      return 'search';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'uuid':
      return 'id';
    case 'datetime':
      return 'dateRange';
    default:
      return undefined;
  }
}

/**
 * A list's filters from its declaration: its hinted filters, else its filter fields; by kind a text search, yes/no,
 * an id (the project, or a row of another resource, picked by name), a number, a date range (from and to), one of a
 * field's choices (by their labels), or a registered widget; JSON and nested fields are left out.
 *
 * @example <ResourceList filters={generatedFilters(projectResource, labelOf, translate)}>…</ResourceList>
 */
export function generatedFilters(
  descriptor: ResourceDescriptor,
  labelOf: (source: string) => string,
  translate: TranslateFunction,
): FilterElement[] {
  const shapes = new Map(
    schemaFields(descriptor.schema, { references: descriptor.references }).map((field) => [
      field.name,
      field.shape,
    ]),
  );
  const hints: FilterHint[] =
    descriptor.ui.list?.filters?.map(hintOf) ??
    Object.keys(descriptor.filterFields)
      .filter((field) => field !== 'deletedAt' && !field.includes('.'))
      .map((field) => ({ field }));
  const elements = hints.flatMap((hint): FilterElement[] => {
    const { field, alwaysOn } = hint;
    const common = { source: field, alwaysOn };
    if (hint.widget) return [<NamedWidget name={hint.widget} source={field} alwaysOn={alwaysOn} />];
    const shape = shapes.get(field);
    switch (hint.kind ?? filterKindOf(shape, descriptor.filterFields[field])) {
      case 'choice': {
        const choices = hint.choices ?? (shape?.kind === 'choice' ? shape.choices : []);
        const name = (choice: string | number) =>
          choiceLabel(translate, descriptor.route, field, choice, hint.labels);
        return [
          <SelectInput
            {...common}
            choices={choices.map((choice) => ({ id: choice, name: name(choice) }))}
            translateChoice={false}
          />,
        ];
      }
      case 'reference':
        return shape?.kind === 'reference'
          ? [<ReferenceFilterInput {...common} route={shape.route} />]
          : [<WholeIdFilterInput {...common} />];
      case 'search':
        return [<TextInput {...common} />];
      case 'number':
        return [<TextInput {...common} type="number" />];
      case 'boolean':
        return [<NullableBooleanInput {...common} />];
      case 'id':
        return field === 'projectId'
          ? [<ProjectFilterInput {...common} />]
          : [<WholeIdFilterInput {...common} />];
      case 'dateRange': {
        // the declaration's own labels of the range's ends ('Created from'), else the field's with ≥ and ≤
        const labelOfEnd = (end: string, sign: string) =>
          translate(`resources.${descriptor.route}.fields.${field}${end}`, {
            _: `${labelOf(field)} ${sign}`,
          });
        return [
          <DateInput
            source={`${field}${RANGE_FROM}`}
            label={labelOfEnd(RANGE_FROM, '≥')}
            alwaysOn={alwaysOn}
          />,
          <DateInput source={`${field}${RANGE_TO}`} label={labelOfEnd(RANGE_TO, '≤')} alwaysOn={alwaysOn} />,
        ];
      }
      default:
        return [];
    }
  });
  // each keyed by its source, given apart: React wants the key out of spread props
  return elements.map((element) => cloneElement(element, { key: String(element.props.source) }));
}
