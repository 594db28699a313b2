import { AccessGuard } from '../../common/AccessGuard';
import { TemplateCreateDialog } from './TemplateCreateDialog';
import { TemplateList } from './TemplateList';

/** /passes/template/new: the list with the New template dialog over it; without the right, 403 in place. */
export const TemplateCreate = () => (
  <AccessGuard action="create">
    <TemplateList />
    <TemplateCreateDialog />
  </AccessGuard>
);
