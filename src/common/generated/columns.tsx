import { Chip } from '@mui/material';
import {
  BooleanField,
  EmailField,
  FunctionField,
  LinkBase,
  NumberField,
  ReferenceField,
  TextField,
  useCanAccess,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { cloneElement, type MouseEvent, type ReactElement } from 'react';
import { rateToPercent } from '../../../domain/percent';
import type { ColumnHint, ColumnKind } from '../../../domain/resourceUi';
import { resourceNamed } from '../../../domain/resources';
import { DateTimeField } from '../DateTimeField';
import { MoneyField } from '../MoneyField';
import { ProjectNameField } from '../ProjectNameField';
import { shortId } from '../shortId';
import type { SchemaField } from './schemaFields';
import { choiceLabel } from './choiceLabels';
import { NamedWidget } from './widgets';

/** What every column is given: Datagrid reads `source` and `sortable` for its header. */
interface ColumnProps {
  source: string;
  sortable?: boolean;
  label?: string;
}

/**
 * A row of another resource by its representation, linked to its page, for a viewer who may read that resource;
 * plain text (its id's first group, as ids are shown short) for one who may not: never an error icon, never a link
 * to a refusal.
 */
const ReferenceColumn = ({ source, route }: ColumnProps & { route: string }) => {
  const record = useRecordContext<Record<string, unknown>>();
  const { canAccess } = useCanAccess({ resource: route, action: 'list' });
  if (canAccess !== true) {
    const id = record?.[source];
    return <span>{typeof id === 'string' ? shortId(id) : '—'}</span>;
  }
  return <ReferenceField source={source} reference={route} link="edit" emptyText="—" />;
};

/** A value that opens the row its reference field names, for a viewer who may read it; plain text for others. */
const LinkedColumn = ({ source, route, via }: ColumnProps & { route: string; via: string }) => {
  const record = useRecordContext<Record<string, unknown>>();
  const { canAccess } = useCanAccess({
    resource: route,
    action: 'edit',
    record: { projectId: record?.projectId },
  });
  const value = record?.[source];
  const id = record?.[via];
  if (value === null || value === undefined) return <span>—</span>;
  if (canAccess !== true || typeof id !== 'string') return <span>{String(value)}</span>;
  return (
    <LinkBase to={`/${route}/${id}`} onClick={(event: MouseEvent) => event.stopPropagation()}>
      {String(value)}
    </LinkBase>
  );
};

/** A value's label (its hint's `labels`, else the declaration's) on a chip of the value's colour. */
const ChipColumn = ({ source, hint }: ColumnProps & { hint: ColumnHint }) => {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  const route = useResourceContext() ?? '';
  const value = record?.[source];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const label = choiceLabel(translate, route, source, value, hint.labels);
  return <Chip size="small" label={label} color={hint.colors?.[String(value)] ?? 'default'} />;
};

/** A text that names one of known values (a payment method), by its label when it has one. */
const LabelledText = ({ source, labels }: ColumnProps & { labels: string }) => {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  const route = useResourceContext() ?? '';
  const value = record?.[source];
  if (typeof value !== 'string' || value === '') return <span>—</span>;
  return <span>{choiceLabel(translate, route, source, value, labels)}</span>;
};

/** A JSON document's chosen keys as `key: value`, one after another. */
const jsonPreview = (value: unknown, keys: readonly string[] = []) => {
  if (typeof value !== 'object' || value === null) return '';
  const document = value as Record<string, unknown>;
  const shown = keys.length > 0 ? keys : Object.keys(document).slice(0, 3);
  return shown
    .filter((key) => Object.hasOwn(document, key))
    .map(
      (key) => `${key}: ${typeof document[key] === 'string' ? document[key] : JSON.stringify(document[key])}`,
    )
    .join(', ');
};

/** A text cut at `max` characters, with … (the item's page shows all of it). */
const cut = (value: unknown, max: number) => {
  const text = value === null || value === undefined ? '' : String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

/** The kind a column takes from its field's schema when its hint names none. */
export function columnKindOf(field: SchemaField | undefined): ColumnKind {
  switch (field?.shape.kind) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'datetime':
      return 'date';
    case 'project':
    case 'reference':
      return 'reference';
    case 'choice':
      return 'chip';
    case 'json':
      return 'json';
    default:
      return 'text';
  }
}

/**
 * The column of a field by its hint: an element Datagrid reads for its header (source, sortable).
 *
 * @example columnOf({ field: 'state', kind: 'chip', labels: 'app.job.state' }, field, true, descriptor.references)
 */
export function columnOf(
  hint: ColumnHint,
  field: SchemaField | undefined,
  sortable: boolean,
  references: Readonly<Record<string, string>> = {},
): ReactElement {
  // the key given apart: React wants it out of spread props
  return cloneElement(columnElement(hint, field, sortable, references), { key: hint.field });
}

function columnElement(
  hint: ColumnHint,
  field: SchemaField | undefined,
  sortable: boolean,
  references: Readonly<Record<string, string>>,
): ReactElement {
  const props = { source: hint.field, sortable, label: hint.label };
  if (hint.widget)
    return <NamedWidget name={hint.widget} source={hint.field} sortable={sortable} label={hint.label} />;
  if (hint.link) {
    const route = resourceNamed(references[hint.link] ?? '')?.route;
    if (route) return <LinkedColumn {...props} route={route} via={hint.link} />;
  }
  switch (hint.kind ?? columnKindOf(field)) {
    case 'email':
      return <EmailField {...props} emptyText="—" />;
    case 'number':
      return <NumberField {...props} />;
    case 'money':
      return <MoneyField {...props} />;
    case 'percent':
      return (
        <FunctionField
          {...props}
          textAlign="right"
          render={(record: Record<string, unknown>) => {
            const percent = rateToPercent(record[hint.field]);
            return percent === '' ? '' : `${percent} %`;
          }}
        />
      );
    case 'date':
      return <DateTimeField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    case 'chip':
      return <ChipColumn {...props} hint={hint} />;
    case 'reference': {
      const route =
        hint.reference ?? (field?.shape.kind === 'reference' ? field.shape.route : 'identity/project');
      return <ReferenceColumn {...props} route={route} />;
    }
    case 'project':
      return <ProjectNameField {...props} />;
    case 'count':
      return (
        <FunctionField
          {...props}
          textAlign="right"
          render={(record: Record<string, unknown>) =>
            Array.isArray(record[hint.field]) ? (record[hint.field] as unknown[]).length : 0
          }
        />
      );
    case 'json':
      return (
        <FunctionField
          {...props}
          sortable={false}
          render={(record: Record<string, unknown>) => jsonPreview(record[hint.field], hint.keys)}
        />
      );
    default:
      if (hint.labels) return <LabelledText {...props} labels={hint.labels} />;
      return hint.max ? (
        <FunctionField
          {...props}
          render={(record: Record<string, unknown>) => cut(record[hint.field], hint.max ?? 0)}
        />
      ) : (
        <TextField {...props} emptyText="—" />
      );
  }
}
