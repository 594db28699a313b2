import DescriptionIcon from '@mui/icons-material/Description';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const TemplateCreate = lazyScreen(
  () => import('./TemplateCreate'),
  (module) => module.TemplateCreate,
);
const TemplateEdit = lazyScreen(
  () => import('./TemplateEdit'),
  (module) => module.TemplateEdit,
);

export default {
  edit: TemplateEdit,
  create: TemplateCreate,
  icon: DescriptionIcon,
  recordRepresentation: recordRepresentationOf('passes/template'),
};
