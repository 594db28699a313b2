import ImageIcon from '@mui/icons-material/Image';
import type { Image } from '../../../domain/schemas/image';
import { ImageCreate } from './ImageCreate';
import { ImageEdit } from './ImageEdit';
import { ImageList } from './ImageList';

export default {
  list: ImageList,
  edit: ImageEdit,
  create: ImageCreate,
  icon: ImageIcon,
  recordRepresentation: (image: Image) => image.name,
};
