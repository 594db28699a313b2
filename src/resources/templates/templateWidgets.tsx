import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import type { Widgets } from '../../common/generated/widgets';

/** Whether the template passes today's validation, as a mark. */
const Validity = () => {
  const template = useRecordContext<Template>();
  const translate = useTranslate();
  if (!template) return null;
  return template.valid ? (
    <CheckIcon color="success" titleAccess={translate('app.template.valid')} />
  ) : (
    <CloseIcon color="error" titleAccess={translate('app.template.invalid')} />
  );
};

/** The templates' own piece in their list: the validity mark. */
export const templateWidgets: Widgets = { fields: { validity: Validity } };
