import { createElement, isValidElement, type ComponentType } from 'react';
import { useResourceContext, type ResourceProps } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { RESOURCES } from '../../domain/resources';
import { resourceViews } from '../common/generated/resourceViews';
import { isLazyScreen } from '../common/lazyScreen';
import { recordRepresentationOf } from '../layout/recordRepresentation';
import { menuIconOf } from '../layout/resourceMenu';
import type { Widgets } from '../common/generated/widgets';
import { apiClientWidgets } from './apiClients/apiClientWidgets';
import { certificateWidgets } from './certificates/certificateWidgets';
import { eshopWidgets } from './eshops/eshopWidgets';
import { jobWidgets } from './jobs/jobWidgets';
import { orderItemWidgets } from './orderItems/orderItemWidgets';
import { orderWidgets } from './orders/orderWidgets';
import { productWidgets } from './products/productWidgets';
import { stampCardWidgets } from './stampCards/stampCardWidgets';
import { entryWidgets } from './ticketEntries/entryWidgets';
import images from './images';
import passes from './passes';
import projects from './projects';
import templates from './templates';

/** What App gives react-admin's <Resource> of a route. */
type ConsoleResource = Omit<ResourceProps, 'name'>;

/** The pieces of generated screens that their declarations' hints name, by route name. */
const WIDGETS: Readonly<Record<string, Widgets>> = {
  'identity/apiClient': apiClientWidgets,
  'identity/job': jobWidgets,
  'passes/certificate': certificateWidgets,
  'passes/stampCard': stampCardWidgets,
  'ticket/ticketEshop': eshopWidgets,
  'ticket/ticketEntry': entryWidgets,
  'ticket/ticketOrder': orderWidgets,
  'ticket/ticketOrderItem': orderItemWidgets,
  'ticket/ticketProduct': productWidgets,
};

/** The resources with screens of their own (the spec's); every other declared resource gets generated screens. */
const OWN_SCREENS: Readonly<Record<string, ConsoleResource>> = {
  'identity/project': projects,
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
