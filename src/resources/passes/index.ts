import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { createElement } from 'react';
import { Route } from 'react-router';
import { PassCreate } from './PassCreate';
import { PassEdit } from './PassEdit';
import { PassList } from './PassList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: PassList,
  edit: PassEdit,
  create: PassCreate,
  // the spec's address of a new pass is /passes/pass/new (react-admin's own is /create)
  children: createElement(Route, { path: 'new', element: createElement(PassCreate) }),
  icon: ConfirmationNumberIcon,
  recordRepresentation: recordRepresentationOf('passes/pass'),
};
