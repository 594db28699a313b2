import { createElement, isValidElement, type ComponentType } from 'react';
import { useResourceContext, type ResourceProps } from 'react-admin';
import { Navigate, Route } from 'react-router';
import type { ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import { resourceViews, type WidgetsLoader } from '../common/generated/resourceViews';
import { isLazyScreen, type LazyScreen } from '../common/lazyScreen';
import { recordRepresentationOf } from '../layout/recordRepresentation';
import { menuIconOf } from '../layout/resourceMenu';
import templates from './templates';

/** What App gives react-admin's <Resource> of a route. */
type ConsoleResource = Omit<ResourceProps, 'name'>;

// apart, so that each import preloads only its own chunks (one expression holding both preloads the two together)
const passListWidgets = () => import('./passes/passWidgets').then((module) => module.passWidgets);
const passPageWidgets = () => import('./passes/passPageWidgets').then((module) => module.passPageWidgets);

/** The pieces of generated screens that their declarations' hints name, by route name, loaded with those screens. */
const WIDGETS: Readonly<Record<string, WidgetsLoader>> = {
  'identity/apiClient': () =>
    import('./apiClients/apiClientWidgets').then((module) => module.apiClientWidgets),
  'identity/project': () => import('./projects/projectWidgets').then((module) => module.projectWidgets),
  'identity/job': () => import('./jobs/jobWidgets').then((module) => module.jobWidgets),
  'identity/webhook': () => import('./webhooks/webhookWidgets').then((module) => module.webhookWidgets),
  'identity/webhookDelivery': () =>
    import('./webhooks/webhookWidgets').then((module) => module.webhookDeliveryWidgets),
  'passes/pass': (screen) => (screen === 'list' ? passListWidgets() : passPageWidgets()),
  'passes/template': () => import('./templates/templateWidgets').then((module) => module.templateWidgets),
  'passes/pushCampaign': () =>
    import('./pushCampaigns/pushCampaignWidgets').then((module) => module.pushCampaignWidgets),
  'passes/image': () => import('./images/imageWidgets').then((module) => module.imageWidgets),
  'passes/certificate': () =>
    import('./certificates/certificateWidgets').then((module) => module.certificateWidgets),
  'passes/stampCard': () => import('./stampCards/stampCardWidgets').then((module) => module.stampCardWidgets),
  'ticket/ticketEshop': () => import('./eshops/eshopWidgets').then((module) => module.eshopWidgets),
  'ticket/ticketEntry': () => import('./ticketEntries/entryWidgets').then((module) => module.entryWidgets),
  'ticket/ticketOrder': () => import('./orders/orderWidgets').then((module) => module.orderWidgets),
  'ticket/ticketOrderItem': () =>
    import('./orderItems/orderItemWidgets').then((module) => module.orderItemWidgets),
  'ticket/ticketProduct': () => import('./products/productWidgets').then((module) => module.productWidgets),
  'ticket/ticketRefund': () => import('./refunds/refundWidgets').then((module) => module.refundWidgets),
};

/** A resource's screens of its own: its New page is given the generated list (templates and images show it under their dialog). */
type OwnScreens = Omit<ConsoleResource, 'create'> & {
  create?: ComponentType<{ list: ComponentType }> | LazyScreen;
};

/**
 * The resources with screens of their own (the spec's); every other declared resource gets generated screens. One
 * without a list of its own takes the generated list.
 */
const OWN_SCREENS: Readonly<Record<string, OwnScreens>> = {
  'passes/template': templates,
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

/** A resource's screens: its own, the generated list where it has none of its own, or all generated. */
function definitionOf(descriptor: ResourceDescriptor): ConsoleResource {
  const own = OWN_SCREENS[descriptor.route];
  if (own?.list) return own;
  const views = resourceViews(descriptor, WIDGETS[descriptor.route]);
  if (!own)
    return {
      ...views,
      icon: descriptor.menu ? menuIconOf(descriptor) : undefined,
      recordRepresentation: recordRepresentationOf(descriptor.route),
    };
  const { create: Create, ...rest } = own;
  return { ...rest, list: views.list, create: Create && <Create list={views.list} /> };
}

/** Each declared resource's screens (domain/resources.ts), by route name (`<area>/<resource>`). */
const definitions: Readonly<Record<string, ConsoleResource>> = Object.fromEntries(
  RESOURCES.map((descriptor) => [descriptor.route, definitionOf(descriptor)]),
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
  // a New page given the list is an element of the screen
  const component: unknown = isValidElement(screen) ? screen.type : screen;
  if (isLazyScreen(component)) component.preload();
}
