import { createElement, isValidElement, type ComponentType } from 'react';
import { useResourceContext, type ResourceProps } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { RESOURCES } from '../../domain/resources';
import { resourceViews } from '../common/generated/resourceViews';
import { recordRepresentationOf } from '../layout/recordRepresentation';
import { menuIconOf } from '../layout/resourceMenu';
import apiClients from './apiClients';
import certificates from './certificates';
import eshops from './eshops';
import images from './images';
import jobs from './jobs';
import orderItems from './orderItems';
import orders from './orders';
import passes from './passes';
import products from './products';
import projects from './projects';
import stampCards from './stampCards';
import templates from './templates';
import users from './users';

/** What App gives react-admin's <Resource> of a route. */
type ConsoleResource = Omit<ResourceProps, 'name'>;

/** The resources with screens of their own (the spec's); every other declared resource gets generated screens. */
const OWN_SCREENS: Readonly<Record<string, ConsoleResource>> = {
  'identity/project': projects,
  'identity/user': users,
  'identity/apiClient': apiClients,
  'identity/job': jobs,
  'passes/pass': passes,
  'passes/template': templates,
  'passes/image': images,
  'passes/certificate': certificates,
  'passes/stampCard': stampCards,
  'ticket/ticketEshop': eshops,
  'ticket/ticketProduct': products,
  'ticket/ticketOrder': orders,
  'ticket/ticketOrderItem': orderItems,
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

/** Every declared resource of the console (domain/resources.ts), by route name (`<area>/<resource>`): App registers each one. */
export const resources: Readonly<Record<string, ConsoleResource>> = Object.fromEntries(
  RESOURCES.map((descriptor) => [
    descriptor.route,
    withNewRoute(
      OWN_SCREENS[descriptor.route] ?? {
        ...resourceViews(descriptor),
        icon: descriptor.menu ? menuIconOf(descriptor) : undefined,
        recordRepresentation: recordRepresentationOf(descriptor.route),
      },
    ),
  ]),
);

export const resourceNames = Object.keys(resources);
