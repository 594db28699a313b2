import { Suspense, createContext, createElement, useContext, type ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

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
