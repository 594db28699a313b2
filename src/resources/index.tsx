import { createElement, isValidElement, type ComponentType } from 'react';
import { useResourceContext, type ResourceProps } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { RESOURCES } from '../../domain/resources';
import { resourceViews, type WidgetsLoader } from '../common/generated/resourceViews';
import { isLazyScreen } from '../common/lazyScreen';
import { recordRepresentationOf } from '../layout/recordRepresentation';
import { menuIconOf } from '../layout/resourceMenu';
import images from './images';
import passes from './passes';
import templates from './templates';

/** What App gives react-admin's <Resource> of a route. */
type ConsoleResource = Omit<ResourceProps, 'name'>;

/** The pieces of generated screens that their declarations' hints name, by route name, loaded with those screens. */
const WIDGETS: Readonly<Record<string, WidgetsLoader>> = {
  'identity/apiClient': () =>
    import('./apiClients/apiClientWidgets').then((module) => module.apiClientWidgets),
  'identity/project': () => import('./projects/projectWidgets').then((module) => module.projectWidgets),
  'identity/job': () => import('./jobs/jobWidgets').then((module) => module.jobWidgets),
  'passes/certificate': () =>
    import('./certificates/certificateWidgets').then((module) => module.certificateWidgets),
  'passes/stampCard': () => import('./stampCards/stampCardWidgets').then((module) => module.stampCardWidgets),
  'ticket/ticketEshop': () => import('./eshops/eshopWidgets').then((module) => module.eshopWidgets),
  'ticket/ticketEntry': () => import('./ticketEntries/entryWidgets').then((module) => module.entryWidgets),
  'ticket/ticketOrder': () => import('./orders/orderWidgets').then((module) => module.orderWidgets),
  'ticket/ticketOrderItem': () =>
    import('./orderItems/orderItemWidgets').then((module) => module.orderItemWidgets),
  'ticket/ticketProduct': () => import('./products/productWidgets').then((module) => module.productWidgets),
};

/** The resources with screens of their own (the spec's); every other declared resource gets generated screens. */
const OWN_SCREENS: Readonly<Record<string, ConsoleResource>> = {
  'passes/pass': passes,
  'passes/template': templates,
  'passes/image': images,
};

/** react-admin's own address of a New page, /{resource}/create, leads to the spec's /{resource}/new. */
const CreateToNew = () => <Navigate to={`/${useResourceContext() ?? ''}/new`} replace />;

/** The New page of a resource at the spec's address /{resource}/new; react-admin's /create leads there. */
function withNewRoute(definition: ConsoleResource): ConsoleResource {
  const { create, children } = definition;
  if (!create) return definition;
  const page = isValidElement(create) ? create : createElement(create as ComponentType);
  return {
    ...definition,
    create: CreateToNew,
    children: (
      <>
        {children}
        <Route path="new" element={page} />
      </>
    ),
  };
}

/** Each declared resource's screens (domain/resources.ts), by route name (`<area>/<resource>`). */
const definitions: Readonly<Record<string, ConsoleResource>> = Object.fromEntries(
  RESOURCES.map((descriptor) => [
    descriptor.route,
    OWN_SCREENS[descriptor.route] ?? {
      ...resourceViews(descriptor, WIDGETS[descriptor.route]),
      icon: descriptor.menu ? menuIconOf(descriptor) : undefined,
      recordRepresentation: recordRepresentationOf(descriptor.route),
    },
  ]),
);

/** Every declared resource of the console, by route name: App registers each one. */
export const resources: Readonly<Record<string, ConsoleResource>> = Object.fromEntries(
  Object.entries(definitions).map(([route, definition]) => [route, withNewRoute(definition)]),
);

export const resourceNames = Object.keys(resources);

/**
 * Starts loading the code of the screen at a path (/{resource}: its list; /{resource}/new or /create: its New page;
 * /{resource}/{id}: its item page) as the console starts, instead of after the sign-in check.
 *
 * @example preloadScreen(window.location.pathname);
 */
export function preloadScreen(pathname: string): void {
  const [, area, name, item] = pathname.split('/');
  const definition = definitions[`${area}/${name}`];
  if (!definition) return;
  const isNew = item === 'new' || item === 'create';
  const screen = !item ? definition.list : isNew ? definition.create : definition.edit;
  if (isLazyScreen(screen)) screen.preload();
}
