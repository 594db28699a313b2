import type { TObject, TSchema, Static } from '@sinclair/typebox';
import type { RightsRule } from './rights';
import { hintOf, shownFields, type ResourceUi } from './resourceUi';
import type { FieldKind } from './where';

/** The two APIs: /api/core (passes, templates, identity) and /api/ticket (the ticket e-shop). */
export type ResourceApi = 'core' | 'ticket';

/** The console's menu groups that hold resources (spec section 2). */
export type MenuGroupKey = 'passes' | 'ticket' | 'identity';

/**
 * Who may do what to the rows of a resource (spec section 6), one rule per action; the server enforces them and
 * the console shows and hides by them. `read` decides which rows the API serves (and whether it lists at all);
 * `screen`, when given, narrows who sees the console's screens and menu entry (projects are read by every member,
 * for pickers, but the Projects screen is for those who manage them).
 */
export interface ResourceAccess {
  read: RightsRule;
  create: RightsRule;
  update: RightsRule;
  delete: RightsRule;
  screen?: RightsRule;
}

/** A resource only administrators read and change (API clients, certificates). */
export const ADMINS_ONLY: ResourceAccess = {
  read: { admin: true },
  create: { admin: true },
  update: { admin: true },
  delete: { admin: true },
};

/**
 * Where a row's project is: in its `projectId`, the row is the project itself (`id`; a new one is made under its
 * `parentId`, the project whose rule its creation needs), or rows belong to no project (`none`: users, whose reach
 * the server works out from memberships).
 */
export type ProjectField = 'projectId' | 'id' | 'none';

/**
 * What the console and the server both know of a resource: its entity schema, the fields that may be
 * filtered and sorted (checked against the schema), the bodies a client may write, who may do what, and where it
 * lives in the API and the console.
 *
 * @example defineResource({ name: 'project', api: 'core', route: 'identity/project', schema: ProjectSchema, ... })
 */
export interface ResourceDescriptor<S extends TObject = TObject> {
  name: string;
  /** a row of the resource in people's words, singular, for messages ("API client"); its name in words by default */
  label: string;
  api: ResourceApi;
  /** the console's route, `<area>/<resource>` (`identity/project`, `ticket/ticketEshop`) */
  route: string;
  schema: S;
  /** body of POST */
  createSchema: TObject;
  /** body of PUT; PATCH takes the same fields, all optional */
  updateSchema: TObject;
  project: ProjectField;
  access: ResourceAccess;
  /** the field that names a row to people (titles, breadcrumbs, references) */
  representation: string;
  /** the menu entry of the resource's list; none: reached from other screens only */
  menu?: { group: MenuGroupKey; icon: string };
  /**
   * Fields that name a row of another resource (field -> its API name, `{ templateId: 'template' }`): the row named
   * must be a live one of the same project. The server checks it on every write, the console picks it from a list.
   */
  references: Readonly<Record<string, string>>;
  /** The reference whose row's project a new row belongs to (a stamp card is of its template's project). */
  projectFrom?: string;
  /**
   * filterable field -> kind; nested JSON fields use a dotted path ("devices.total"). `deletedAt` is always one:
   * lists leave deleted rows out unless a condition on it asks for them.
   */
  filterFields: Readonly<Record<string, FieldKind>>;
  sortFields: readonly string[];
  /** The order of the console's lists until the user sorts them (the API's own default is createdAt asc). */
  defaultSort: ListSort;
  /** how the console shows the resource (columns, filters, the fields of its pages, named widgets) */
  ui: ResourceUi;
}

export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/** Spec: lists show the newest change first unless a resource declares otherwise. */
export const DEFAULT_LIST_SORT: ListSort = { field: 'updatedAt', order: 'desc' };

type FieldPath<S extends TObject> =
  Extract<keyof Static<S>, string> | `${Extract<keyof Static<S>, string>}.${string}`;

function kindOf(schema: TSchema): FieldKind {
  const format = (schema as { format?: string }).format;
  if (format === 'uuid') return 'uuid';
  if (format === 'date-time') return 'datetime';
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  if (anyOf) {
    const notNull = anyOf.filter((member) => (member as { type?: string }).type !== 'null');
    if (notNull.length === 1) return kindOf(notNull[0]);
    return 'json';
  }
  switch ((schema as { type?: string }).type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    default:
      return 'json';
  }
}

function schemaAt(schema: TObject, path: string): TSchema {
  let current: TSchema | undefined = schema;
  for (const part of path.split('.')) {
    const properties: Record<string, TSchema> | undefined = (
      current as { properties?: Record<string, TSchema> }
    )?.properties;
    current = properties?.[part];
    if (!current) throw new Error(`Field "${path}" is not in the schema.`);
  }
  return current;
}

/** `orderItem` -> `order item` */
const wordsOf = (name: string) => name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

export function defineResource<S extends TObject>(definition: {
  name: string;
  label?: string;
  api: ResourceApi;
  route: string;
  schema: S;
  createSchema: TObject;
  updateSchema: TObject;
  project: ProjectField;
  access: ResourceAccess;
  representation: FieldPath<S>;
  menu?: { group: MenuGroupKey; icon: string };
  references?: Readonly<Partial<Record<FieldPath<S>, string>>>;
  projectFrom?: FieldPath<S>;
  filter: readonly FieldPath<S>[];
  sort: readonly FieldPath<S>[];
  defaultSort?: { field: FieldPath<S>; order: 'asc' | 'desc' };
  ui?: ResourceUi;
}): ResourceDescriptor<S> {
  const filterFields: Record<string, FieldKind> = {};
  for (const field of definition.filter) filterFields[field] = kindOf(schemaAt(definition.schema, field));
  filterFields.deletedAt = 'datetime';
  for (const field of definition.sort) schemaAt(definition.schema, field);
  const defaultSort = definition.defaultSort ?? DEFAULT_LIST_SORT;
  if (!(definition.sort as readonly string[]).includes(defaultSort.field))
    throw new Error(
      `The default sort "${defaultSort.field}" of ${definition.name} is not one of its sort fields.`,
    );
  schemaAt(definition.schema, definition.representation);
  const references = (definition.references ?? {}) as Readonly<Record<string, string>>;
  for (const field of Object.keys(references)) schemaAt(definition.schema, field);
  if (definition.projectFrom && !(definition.projectFrom in references))
    throw new Error(
      `The project of ${definition.name} comes from "${definition.projectFrom}", not a reference.`,
    );
  const ui = definition.ui ?? {};
  checkHints(definition.name, ui, definition);
  return {
    name: definition.name,
    label: definition.label ?? wordsOf(definition.name),
    api: definition.api,
    route: definition.route,
    schema: definition.schema,
    createSchema: definition.createSchema,
    updateSchema: definition.updateSchema,
    project: definition.project,
    access: definition.access,
    representation: definition.representation,
    menu: definition.menu,
    references,
    projectFrom: definition.projectFrom,
    filterFields,
    sortFields: definition.sort,
    defaultSort,
    ui,
  };
}

/** Is a dotted path (`seller.legalName`) in a schema, through nullable objects (`anyOf` with null) too? */
function hasPath(schema: TSchema, [part, ...rest]: readonly string[]): boolean {
  const { properties, anyOf } = schema as { properties?: Record<string, TSchema>; anyOf?: TSchema[] };
  if (anyOf) return anyOf.some((member) => hasPath(member, [part, ...rest]));
  const inner = properties?.[part];
  return inner !== undefined && (rest.length === 0 || hasPath(inner, rest));
}

/**
 * Every field a resource's hints name is in the schema it is read from or written to; a column names a route only
 * as a reference column; a list offers Edit only on rows that may change.
 */
function checkHints(
  name: string,
  ui: ResourceUi,
  schemas: { schema: TObject; createSchema: TObject; updateSchema: TObject; access: ResourceAccess },
): void {
  const has = (schema: TObject, field: string) => hasPath(schema, field.split('.'));
  const missing = [
    ...shownFields(ui).filter((field) => !has(schemas.schema, field) && !has(schemas.updateSchema, field)),
    ...(ui.create ?? [])
      .map((hint) => hintOf(hint).field)
      .filter((field) => !has(schemas.createSchema, field)),
    ...(ui.trim ?? []).filter(
      (field) => !has(schemas.createSchema, field) && !has(schemas.updateSchema, field),
    ),
  ];
  if (missing.length > 0)
    throw new Error(`The console hints of ${name} name fields it does not have: ${missing.join(', ')}.`);
  const columns = (ui.list?.columns ?? []).map((hint) => hintOf(hint));
  if (columns.some((hint) => hint.reference && (hint.kind ?? 'reference') !== 'reference'))
    throw new Error(`A column of ${name} names a reference's route but is no reference column.`);
  if (ui.list?.rowEdit && 'nobody' in schemas.access.update)
    throw new Error(`The list of ${name} offers Edit on its rows, which nobody may change.`);
}
