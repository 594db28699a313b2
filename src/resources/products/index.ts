import LocalActivityIcon from '@mui/icons-material/LocalActivity';
import { createElement } from 'react';
import { Route } from 'react-router';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const ProductCreate = lazyScreen(
  () => import('./ProductCreate'),
  (module) => module.ProductCreate,
);
const ProductEdit = lazyScreen(
  () => import('./ProductEdit'),
  (module) => module.ProductEdit,
);
const ProductList = lazyScreen(
  () => import('./ProductList'),
  (module) => module.ProductList,
);

export default {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  // the spec's address of a new product is /ticket/ticketProduct/new
  children: createElement(Route, { path: 'new', element: createElement(ProductCreate) }),
  icon: LocalActivityIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketProduct'),
};
