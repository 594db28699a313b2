import { TemplateCreateDialog } from './TemplateCreateDialog';
import { TemplateList } from './TemplateList';

/** /passes/template/create: the list with the New template dialog over it. */
export const TemplateCreate = () => (
  <>
    <TemplateList />
    <TemplateCreateDialog />
  </>
);
