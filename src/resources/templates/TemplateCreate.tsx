import { TemplateCreateDialog } from './TemplateCreateDialog';
import { TemplateList } from './TemplateList';

/** /passes/template/new: the list with the New template dialog over it. */
export const TemplateCreate = () => (
  <>
    <TemplateList />
    <TemplateCreateDialog />
  </>
);
