import ImageIcon from '@mui/icons-material/Image';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const ImageCreate = lazyScreen(
  () => import('./ImageCreate'),
  (module) => module.ImageCreate,
);
const ImageEdit = lazyScreen(
  () => import('./ImageEdit'),
  (module) => module.ImageEdit,
);

export default {
  edit: ImageEdit,
  create: ImageCreate,
  icon: ImageIcon,
  recordRepresentation: recordRepresentationOf('passes/image'),
};
