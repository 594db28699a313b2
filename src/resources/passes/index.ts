import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const PassCreate = lazyScreen(
  () => import('./PassCreate'),
  (module) => module.PassCreate,
);
const PassEdit = lazyScreen(
  () => import('./PassEdit'),
  (module) => module.PassEdit,
);

export default {
  edit: PassEdit,
  create: PassCreate,
  icon: ConfirmationNumberIcon,
  recordRepresentation: recordRepresentationOf('passes/pass'),
};
