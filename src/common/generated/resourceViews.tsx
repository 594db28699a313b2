import type { ComponentType } from 'react';
import type { ResourceDescriptor } from '../../../domain/resource';
import { lazyScreen, type LazyScreen } from '../lazyScreen';
import { hasCreatePage } from './GeneratedList';
import { WidgetsContext, type Widgets } from './widgets';

export interface ResourceViews {
  list: ComponentType;
  edit: ComponentType;
  create?: ComponentType;
}

// the generated screens load with the first of them shown, not with the console
const GeneratedList = lazyScreen(
  () => import('./GeneratedScreens'),
  (module) => module.GeneratedListScreen,
);
const GeneratedEdit = lazyScreen(
  () => import('./GeneratedScreens'),
  (module) => module.GeneratedEditScreen,
);
const GeneratedCreate = lazyScreen(
  () => import('./GeneratedScreens'),
  (module) => module.GeneratedCreateScreen,
);

/** One generated screen of a resource, with the widgets its hints name, preloadable as the screen's code. */
function screenOf(
  Screen: LazyScreen<{ descriptor: ResourceDescriptor }>,
  descriptor: ResourceDescriptor,
  widgets: Widgets,
) {
  const Generated = () => (
    <WidgetsContext.Provider value={widgets}>
      <Screen descriptor={descriptor} />
    </WidgetsContext.Provider>
  );
  return Object.assign(Generated, { preload: Screen.preload });
}

/**
 * react-admin's views of a resource from its declaration and its console hints: a list, an item page (a form for
 * who may change the item, read-only for who may not, JSON for admins and History) and a New page unless nobody
 * creates its rows, each validated by its write schema; `widgets` are the pieces its hints name.
 *
 * @example <Resource name="identity/job" {...resourceViews(jobResource, { fields: { retryJob: RetryJobButton } })} />
 */
export function resourceViews(descriptor: ResourceDescriptor, widgets: Widgets = {}): ResourceViews {
  return {
    list: screenOf(GeneratedList, descriptor, widgets),
    edit: screenOf(GeneratedEdit, descriptor, widgets),
    ...(hasCreatePage(descriptor) ? { create: screenOf(GeneratedCreate, descriptor, widgets) } : {}),
  };
}
