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
const ImageList = lazyScreen(
  () => import('./ImageList'),
  (module) => module.ImageList,
);

export default {
  list: ImageList,
  edit: ImageEdit,
  create: ImageCreate,
  icon: ImageIcon,
  recordRepresentation: recordRepresentationOf('passes/image'),
};
