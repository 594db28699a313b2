import type { ComponentType } from 'react';
import { AccessGuard } from '../../common/AccessGuard';
import { TemplateCreateDialog } from './TemplateCreateDialog';

/** /passes/template/new: the list with the New template dialog over it; without the right, 403 in place. */
export const TemplateCreate = ({ list: List }: { list: ComponentType }) => (
  <AccessGuard action="create">
    <List />
    <TemplateCreateDialog />
  </AccessGuard>
);
