import DescriptionIcon from '@mui/icons-material/Description';
import { TemplateCreate } from './TemplateCreate';
import { TemplateEdit } from './TemplateEdit';
import { TemplateList } from './TemplateList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: TemplateList,
  edit: TemplateEdit,
  create: TemplateCreate,
  icon: DescriptionIcon,
  recordRepresentation: recordRepresentationOf('passes/template'),
};
