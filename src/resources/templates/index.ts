import DescriptionIcon from '@mui/icons-material/Description';
import type { Template } from '../../../domain/schemas/template';
import { TemplateCreate } from './TemplateCreate';
import { TemplateEdit } from './TemplateEdit';
import { TemplateList } from './TemplateList';

export default {
  list: TemplateList,
  edit: TemplateEdit,
  create: TemplateCreate,
  icon: DescriptionIcon,
  recordRepresentation: (template: Template) => template.name,
};
