import type { ComponentType } from 'react';
import type { ResourceDescriptor } from '../../../domain/resource';
import { lazyScreen } from '../lazyScreen';
import { hasCreatePage } from './createPage';
import { WidgetsContext, type Widgets } from './widgets';

export interface ResourceViews {
  list: ComponentType;
  edit: ComponentType;
  create?: ComponentType;
}

type ScreenName = 'GeneratedListScreen' | 'GeneratedEditScreen' | 'GeneratedCreateScreen';

/**
 * The widgets a resource's hints name, loaded with its first generated screen, not with the console: those of its
 * list, or those of its item and New pages (which may leave the list's heavier pieces out, or the other way round).
 */
export type WidgetsLoader = (screen: 'list' | 'page') => Promise<Widgets>;

const noWidgets: WidgetsLoader = async () => ({});

/** A generated screen's code: a list's alone (it needs no form), an item's or New page's with the forms. */
async function screenCode(name: ScreenName): Promise<ComponentType<{ descriptor: ResourceDescriptor }>> {
  if (name === 'GeneratedListScreen') return (await import('./GeneratedListScreen')).GeneratedListScreen;
  const screens = await import('./GeneratedScreens');
  return name === 'GeneratedEditScreen' ? screens.GeneratedEditScreen : screens.GeneratedCreateScreen;
}

/**
 * One generated screen of a resource: its code and the resource's widgets load with its first showing (and with
 * `preload`), in chunks of their own.
 */
function screenOf(name: ScreenName, descriptor: ResourceDescriptor, loadWidgets: WidgetsLoader) {
  return lazyScreen(
    () => Promise.all([screenCode(name), loadWidgets(name === 'GeneratedListScreen' ? 'list' : 'page')]),
    ([Screen, widgets]) =>
      function Generated() {
        return (
          <WidgetsContext.Provider value={widgets}>
            <Screen descriptor={descriptor} />
          </WidgetsContext.Provider>
        );
      },
  );
}

/**
 * react-admin's views of a resource from its declaration and its console hints: a list, an item page (a form for
 * who may change the item, read-only for who may not, JSON for admins and History) and a New page unless nobody
 * creates its rows, each validated by its write schema; `loadWidgets` gives the pieces its hints name.
 *
 * @example <Resource name="identity/job" {...resourceViews(jobResource, () => import('./jobWidgets').then((m) => m.jobWidgets))} />
 */
export function resourceViews(
  descriptor: ResourceDescriptor,
  loadWidgets: WidgetsLoader = noWidgets,
): ResourceViews {
  return {
    list: screenOf('GeneratedListScreen', descriptor, loadWidgets),
    edit: screenOf('GeneratedEditScreen', descriptor, loadWidgets),
    ...(hasCreatePage(descriptor)
      ? { create: screenOf('GeneratedCreateScreen', descriptor, loadWidgets) }
      : {}),
  };
}
