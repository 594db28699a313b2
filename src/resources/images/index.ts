import ImageIcon from '@mui/icons-material/Image';
import { ImageCreate } from './ImageCreate';
import { ImageEdit } from './ImageEdit';
import { ImageList } from './ImageList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: ImageList,
  edit: ImageEdit,
  create: ImageCreate,
  icon: ImageIcon,
  recordRepresentation: recordRepresentationOf('passes/image'),
};
