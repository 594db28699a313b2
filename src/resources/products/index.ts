import LocalActivityIcon from '@mui/icons-material/LocalActivity';
import { createElement } from 'react';
import { Route } from 'react-router';
import { ProductCreate } from './ProductCreate';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  // the spec's address of a new product is /ticket/ticketProduct/new
  children: createElement(Route, { path: 'new', element: createElement(ProductCreate) }),
  icon: LocalActivityIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketProduct'),
};
