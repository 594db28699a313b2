import StorefrontIcon from '@mui/icons-material/Storefront';
import { createElement } from 'react';
import { Route } from 'react-router';
import { EshopCreate } from './EshopCreate';
import { EshopEdit } from './EshopEdit';
import { EshopList } from './EshopList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: EshopList,
  edit: EshopEdit,
  create: EshopCreate,
  // the spec's address of a new e-shop is /ticket/ticketEshop/new
  children: createElement(Route, { path: 'new', element: createElement(EshopCreate) }),
  icon: StorefrontIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketEshop'),
};
