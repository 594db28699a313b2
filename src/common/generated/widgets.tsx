import { Suspense, createContext, createElement, useContext, type ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { FormRules } from '../validation/useFormValidator';

/** What a registered widget is given: the field it shows or filters, where it stands in for one. */
export interface WidgetProps {
  source?: string;
  label?: string;
  sortable?: boolean;
  alwaysOn?: boolean;
}

/** What a widget that takes over after a row is created is given: the row as the API answered, and the way on. */
export interface AfterCreateProps {
  record: RaRecord;
  done: () => void;
}

/**
 * The pieces the generator cannot draw from hints alone, by the names the hints give them (`retryJob`,
 * `cardStamps`): a resource's console code registers them, the generated screens place them.
 */
export interface Widgets {
  fields?: Readonly<Record<string, ComponentType<WidgetProps>>>;
  afterCreate?: Readonly<Record<string, ComponentType<AfterCreateProps>>>;
  /** changes of a body before it is saved, by the name a resource's `ui.transform` gives */
  transforms?: Readonly<Record<string, BodyTransform>>;
  /**
   * a hook: the values a New page starts with that the console works out (a new product's, from the first e-shop
   * and the console's language); undefined while they are being read
   */
  createDefaults?: () => Readonly<Record<string, unknown>> | undefined;
  /** hooks: a resource's checks beyond its write schema, by the name its `ui.checks` gives */
  checks?: Readonly<Record<string, () => FormChecks>>;
  /** hooks, called inside the form: the tabs left out and those with a problem, by the name `ui.tabState` gives */
  tabStates?: Readonly<Record<string, () => TabState>>;
  /** hooks: what follows a save of an item's page, by the name its `ui.afterSave` gives (names read again) */
  afterSave?: Readonly<Record<string, () => (record: RaRecord) => void>>;
}

/** A resource's own checks of a form: rules the validator runs, and what Save and Apply ask first. */
export interface FormChecks {
  rules?: FormRules;
  /** false stops the save (it notifies why itself) */
  beforeSave?: (values: FieldValues) => boolean;
  /** the problems of the values as they are typed, by path (`/title/cs`): they mark the tabs that hold them */
  problemsOf?: (values: FieldValues) => readonly { path: string }[];
}

const noChecks = (): FormChecks => ({});
const noDefaults = () => ({});

/** The checks registered under a name (none without a name); an unknown name is a programming error, said at once. */
export function useFormChecks(name: string | undefined): FormChecks {
  const useChecks = useContext(WidgetsContext).checks?.[name ?? ''];
  if (name && !useChecks) throw new Error(`No console checks are registered as "${name}".`);
  // one resource's screen always calls the same hook
  return (useChecks ?? noChecks)();
}

/** The values the console works out for a New page, undefined while they are being read. */
export function useConsoleCreateDefaults(): Readonly<Record<string, unknown>> | undefined {
  const useDefaults = useContext(WidgetsContext).createDefaults ?? noDefaults;
  return useDefaults();
}

/** A change of a form's values into the body a save sends (an emptied nested input left out rather than null). */
export type BodyTransform = (body: Record<string, unknown>) => Record<string, unknown>;

/** The body transform registered under a name; an unknown name is a programming error, said at once. */
export function useBodyTransform(name: string | undefined): BodyTransform | undefined {
  const transform = useContext(WidgetsContext).transforms?.[name ?? ''];
  if (name && !transform) throw new Error(`No console transform is registered as "${name}".`);
  return transform;
}

/** What the form's values say of its tabs, by their keys. */
export interface TabState {
  hidden?: readonly string[];
  troubled?: readonly string[];
}

const noTabState = (): TabState => ({});

/** The state of the tabs by the hook registered under a name (none without a name); an unknown name is a programming error. */
export function useTabState(name: string | undefined): TabState {
  const useHook = useContext(WidgetsContext).tabStates?.[name ?? ''];
  if (name && !useHook) throw new Error(`No console hook is registered as "${name}" (tab state).`);
  // one resource's screen always calls the same hook
  return (useHook ?? noTabState)();
}

const nothingAfterSave = () => undefined;

/** What follows a save, registered under a name (nothing without a name); an unknown name is a programming error. */
export function useAfterSave(name: string | undefined): ((record: RaRecord) => void) | undefined {
  const useHook = useContext(WidgetsContext).afterSave?.[name ?? ''];
  if (name && !useHook) throw new Error(`No console hook is registered as "${name}" (after save).`);
  // one resource's screen always calls the same hook
  return (useHook ?? nothingAfterSave)();
}

export const WidgetsContext = createContext<Widgets>({});

/** The field widget registered under a name; an unknown name is a programming error, said at once. */
function useFieldWidget(name: string): ComponentType<WidgetProps> {
  const widget = useContext(WidgetsContext).fields?.[name];
  if (!widget) throw new Error(`No console widget is registered as "${name}".`);
  return widget;
}

/**
 * A registered widget in a column, a filter, a toolbar or below a form (its props are read by the list's header
 * as a column's are).
 *
 * @example <NamedWidget name="retryJob" />
 */
export const NamedWidget = ({ name, ...props }: WidgetProps & { name: string }) => {
  const Widget = useFieldWidget(name);
  // a widget's code loads with its first showing: nothing in its place meanwhile, the rest of the page stays
  return <Suspense fallback={null}>{createElement(Widget, props)}</Suspense>;
};

/** The widget registered under a name that takes over after a row is created (a secret shown once). */
export const AfterCreateWidget = ({ name, ...props }: AfterCreateProps & { name: string }) => {
  const Widget = useContext(WidgetsContext).afterCreate?.[name];
  if (!Widget) throw new Error(`No console widget is registered as "${name}" (after create).`);
  return <Suspense fallback={null}>{createElement(Widget, props)}</Suspense>;
};
