import StorefrontIcon from '@mui/icons-material/Storefront';
import { createElement } from 'react';
import { Route } from 'react-router';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const EshopCreate = lazyScreen(
  () => import('./EshopCreate'),
  (module) => module.EshopCreate,
);
const EshopEdit = lazyScreen(
  () => import('./EshopEdit'),
  (module) => module.EshopEdit,
);
const EshopList = lazyScreen(
  () => import('./EshopList'),
  (module) => module.EshopList,
);

export default {
  list: EshopList,
  edit: EshopEdit,
  create: EshopCreate,
  // the spec's address of a new e-shop is /ticket/ticketEshop/new
  children: createElement(Route, { path: 'new', element: createElement(EshopCreate) }),
  icon: StorefrontIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketEshop'),
};
