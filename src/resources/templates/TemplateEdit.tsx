import { Alert } from '@mui/material';
import { useState } from 'react';
import { useGetOne, useParams, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { rowRights } from '../../../domain/rights';
import { templateResource, type Template } from '../../../domain/schemas/template';
import { isSupportedStructure, validateTemplate } from '../../../domain/template/validateTemplate';
import { AccessGuard } from '../../common/AccessGuard';
import { ItemEdit } from '../../common/ItemEdit';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useViewer } from '../../common/useViewer';
import { DuplicateButton } from './DuplicateButton';
import { GooglePayUpdateButton } from './GooglePayUpdateButton';
import { PushButton } from './PushButton';
import { TemplateTabs } from './TemplateTabs';
import { templateForSave, templateParts } from './templateValues';
import { TEMPLATE_RESOURCE, useRefreshTemplateRegister } from './useTemplateRegister';

const TemplateEditView = ({ id }: { id: string }) => {
  const translate = useTranslate();
  const notifyResult = useNotifyResult();
  const refreshRegister = useRefreshTemplateRegister();
  const { viewer } = useViewer();
  // the same query as the page's own read: rights depend on the template's project
  const { data: template } = useGetOne<Template>(TEMPLATE_RESOURCE, { id });
  const rights = rowRights(viewer, templateResource.access, template?.projectId);
  const [touched, setTouched] = useState(false);
  const unsupported = Boolean(template) && !rights.isAdmin && !isSupportedStructure(template?.jsonTemplate);

  /** Save and Apply run only when the template validates (spec section 4). */
  const beforeSave = (values: FieldValues) => {
    if (validateTemplate(templateParts(values)).errors.length === 0) return true;
    setTouched(true);
    notifyResult('error', 'app.messages.templateNotSaved', {}, 'app.messages.correctHighlighted');
    return false;
  };

  return (
    <ItemEdit
      tabbed={!unsupported}
      canSave={rights.update && !unsupported}
      canDelete={rights.delete}
      transform={templateForSave}
      beforeSave={beforeSave}
      readFailurePage
      restorableHistory={rights.update && !unsupported}
      onSaved={() => void refreshRegister()}
      extra={
        unsupported ? null : (
          <>
            {rights.create && <DuplicateButton />}
            {rights.update && <PushButton />}
            {rights.update && <GooglePayUpdateButton />}
          </>
        )
      }
    >
      {unsupported ? (
        <Alert severity="warning">{translate('app.template.unsupported')}</Alert>
      ) : (
        <TemplateTabs isAdmin={rights.isAdmin} readOnly={!rights.update} touched={touched} />
      )}
    </ItemEdit>
  );
};

/**
 * A template's page: the editor tabs, Save and Apply (only when it validates), Duplicate, Push, Delete
 * and Back by the viewer's rights on the template's project. A template the designer cannot edit is
 * shown to non-admins as such (admins edit its JSON).
 */
export const TemplateEdit = () => {
  const { id = '' } = useParams<{ id: string }>();
  // the guard first: the view reads the template before its form does
  return (
    <AccessGuard action="edit">
      <TemplateEditView key={id} id={id} />
    </AccessGuard>
  );
};
