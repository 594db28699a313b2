import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { PassCreate } from './PassCreate';
import { PassEdit } from './PassEdit';
import { PassList } from './PassList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: PassList,
  edit: PassEdit,
  create: PassCreate,
  icon: ConfirmationNumberIcon,
  recordRepresentation: recordRepresentationOf('passes/pass'),
};
