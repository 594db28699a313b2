/**
 * How the console shows a resource, as data beside its declaration (serialisable: names and kinds, no components).
 * The console's generator renders the list, the item page and the New page from these hints; a piece the generator
 * cannot draw is a widget the console registers by name (`widget`, `actions`, `below`).
 */

/** How a list column shows its field. */
export type ColumnKind =
  | 'text'
  | 'email'
  | 'number'
  | 'money'
  /** a rate stored as a fraction (0.21) as a percentage (21 %) */
  | 'percent'
  | 'date'
  | 'boolean'
  /** the value's label (under `labels`) on a coloured chip */
  | 'chip'
  /** a row of the resource the declaration's `references` (or the hint's `reference`) names, by its representation */
  | 'reference'
  /** the row's project by name, from the console's project register (no query a row; no link) */
  | 'project'
  /** an array's length */
  | 'count'
  /** a JSON document's chosen keys (`keys`), as `key: value` */
  | 'json';

export type ChipColor = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error';

export interface ColumnHint {
  field: string;
  /** by default from the field's schema (and references) */
  kind?: ColumnKind;
  /** chip and choice labels: the i18n prefix of each value's label (`app.job.state` → `app.job.state.done`) */
  labels?: string;
  /** chip: a colour per value; others `default` */
  colors?: Readonly<Record<string, ChipColor>>;
  /** json: the keys shown */
  keys?: readonly string[];
  /** text: the longest text shown in a row (cut with …) */
  max?: number;
  /** a column the console draws with a widget registered under this name */
  widget?: string;
  /** the reference field whose row the value opens, for a viewer who may read that row (an order's number) */
  link?: string;
  /** the column's header (an i18n key), instead of the field's label */
  label?: string;
  /** reference: the console route of the row, where the declaration's `references` (checked on writes) do not name it */
  reference?: string;
  /** shown to administrators only */
  adminOnly?: boolean;
  /** hidden until the viewer turns on a switch of this label (an i18n key) in the list's toolbar */
  toggle?: string;
}

/** How a list filters by a field. */
export type FilterKind = 'search' | 'choice' | 'reference' | 'dateRange' | 'boolean' | 'number' | 'id';

export interface FilterHint {
  field: string;
  /** by default from the field's kind */
  kind?: FilterKind;
  /** shown without being added from the filter menu */
  alwaysOn?: boolean;
  /** choice: the i18n prefix of each value's label */
  labels?: string;
  /** choice: the values offered, where the schema does not list them */
  choices?: readonly string[];
  /** a filter input the console registers under this name */
  widget?: string;
}

/** How the item and New pages edit (or show) a field. */
export type InputKind =
  | 'text'
  /** a rate stored as a fraction (0.21), typed as a percentage (21 %) */
  | 'percent'
  /** a language by its name (ISO 639-1 code) */
  | 'language'
  /** languages by their names, in the order chosen (an array of ISO 639-1 codes) */
  | 'languages'
  | 'multiline'
  | 'email'
  | 'password'
  | 'number'
  | 'boolean'
  | 'choice'
  | 'datetime'
  | 'reference'
  /** an object field as a form drawn from its JSON schema (@rjsf), its properties under their labels */
  | 'schemaForm'
  | 'json';

export interface FieldHint {
  /** a field of the schema, or one inside an object field by its dotted path (`seller.legalName`) */
  field: string;
  /** by default from the field's schema */
  input?: InputKind;
  /** choice: the i18n prefix of each value's label */
  labels?: string;
  /** left out of an item's page while the record has no value */
  hiddenWhenEmpty?: boolean;
  /** a text under the input (an i18n key) */
  helper?: string;
  /** the text under the input on a New page, instead of `helper` (a prefix the server gives when left empty) */
  createHelper?: string;
  /** shown read-only although the write takes it (`always`), or to viewers other than administrators */
  readOnly?: 'always' | 'unlessAdmin';
  /** the console asks at least this many characters (more than the API does: a new user's password) */
  minLength?: number;
  /** the console asks a text to match this pattern before sending it, saying `patternMessage` (an i18n key) */
  pattern?: string;
  patternMessage?: string;
  /** shown read-only by a widget the console registers under this name */
  widget?: string;
  /** a widget's label (an i18n key) instead of the field's, or none (`false`: an image's preview) */
  label?: string | false;
}

/**
 * A tab of an item's page (and of the New page, with the fields the create schema takes): a help text, a widget
 * above the fields, some fields, then a widget the console registers by name; any of them.
 */
export interface TabHint {
  key: string;
  /** the tab's name (an i18n key) */
  label: string;
  /** a text at the top of the tab (an i18n key) */
  help?: string;
  /** a widget the console registers by name, shown above the tab's fields (an e-shop's storefront link) */
  before?: string;
  fields?: readonly (string | FieldHint)[];
  widget?: string;
  /** the fields its widgets edit: a problem the resource's `checks` find in one marks the tab, as in its `fields` */
  widgetFields?: readonly string[];
  /** shown only to a viewer who may list this console route (an item's gate entries) */
  readable?: string;
  /** shown only to administrators */
  adminOnly?: boolean;
  /** the administrators' JSON tab, placed here rather than after the other tabs (the spec's order of a pass's tabs) */
  json?: boolean;
  /** drawn only while chosen: a heavy tab (a form per message) whose values need no input to be checked */
  lazy?: boolean;
}

export interface ResourceUi {
  list?: {
    /** the list's columns in order; by default every scalar field, the representation first */
    columns?: readonly (string | ColumnHint)[];
    /** the list's filters in order; by default the declaration's filter fields */
    filters?: readonly (string | FilterHint)[];
    /** buttons the console registers by name, for the selected rows; rows can be selected by a viewer who may update */
    bulkActions?: readonly string[];
    /** a button the console registers by name in place of the CSV Export (the passes' spreadsheet) */
    export?: string;
    /** an Edit button on each row the viewer may change (`update`), or on every row for administrators (`admin`) */
    rowEdit?: 'update' | 'admin';
  };
  /** the fields of an item's page in order (writable ones as inputs, the others read-only); by default all */
  page?: readonly (string | FieldHint)[];
  /** the tabs of an item's page, instead of one tab of its `page` fields (JSON and History follow either way) */
  tabs?: readonly TabHint[];
  /**
   * a hook the console registers by name (`Widgets.tabStates`) that says from the form's values which tabs are left
   * out and which hold a problem (a pass's tabs follow its template)
   */
  tabState?: string;
  /** the fields of the New page in order; by default the `tabs` (their fields the create schema takes), else the create schema's */
  create?: readonly (string | FieldHint)[];
  /** text fields trimmed before a save; an optional one left empty on a New page is not sent */
  trim?: readonly string[];
  /** the values a New page starts with, beside the schema's defaults (and the console's, `Widgets.createDefaults`) */
  createDefaults?: Readonly<Record<string, unknown>>;
  /** a change of the body before each save (after `trim`) that the console registers by name (`Widgets.transforms`) */
  transform?: string;
  /** buttons the console registers by name, shown on the item's page (`retryJob`) */
  actions?: readonly string[];
  /** buttons the console registers by name, shown on each row of the list; by default the page's `actions` */
  rowActions?: readonly string[];
  /** widgets the console registers by name, shown above the fields (or tabs) of an item's and the New page's form */
  above?: readonly string[];
  /** the checks beyond the write schema the console registers by name (`Widgets.checks`: rules, a check before Save) */
  checks?: string;
  /** widgets the console registers by name, shown below an item's form (`cardStamps`) */
  below?: readonly string[];
  /** a failed read of an item's page also leads to the error page of its status (spec section 8) */
  readFailurePage?: boolean;
  /** a widget the console registers by name that takes over after a row is created (a secret shown once) */
  afterCreate?: string;
  /**
   * the New page is a dialog over the list: the generated form with this `title` (an i18n key), with Cancel and
   * Create, or a `widget` the console registers by name that closes itself (an image's upload)
   */
  createDialog?: { title: string } | { widget: string };
  /** what the console does after a save of an item's page, a hook it registers by name (`Widgets.afterSave`) */
  afterSave?: string;
  /** the field that names a row when its representation is empty (a user without a name: the e-mail) */
  representationElse?: string;
}

/** A hint given as a bare field name, as a hint (every hint's other members are optional). */
export function hintOf(hint: string | ColumnHint): ColumnHint;
export function hintOf(hint: string | FilterHint): FilterHint;
export function hintOf(hint: string | FieldHint): FieldHint;
export function hintOf(hint: string | { field: string }): { field: string } {
  return typeof hint === 'string' ? { field: hint } : hint;
}

/** The fields the hints of a list and an item's page name (to be found in the entity's schema). */
export const shownFields = (ui: ResourceUi): string[] =>
  [
    ...(ui.list?.columns ?? []),
    ...(ui.list?.filters ?? []),
    ...(ui.page ?? []),
    ...(ui.tabs ?? []).flatMap((tab) => [...(tab.fields ?? []), ...(tab.widgetFields ?? [])]),
  ].map((hint) => (typeof hint === 'string' ? hint : hint.field));
