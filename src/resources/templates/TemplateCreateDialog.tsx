import { Box, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Button, CreateBase, Form, SaveButton, useRedirect, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Right, can } from '../../../domain/rights';
import type { Project } from '../../../domain/schemas/project';
import { templateResource, type Template } from '../../../domain/schemas/template';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../../domain/template/defaults';
import { useItemNotifications } from '../../common/useItemNotifications';
import { useFormValidator } from '../../common/validation/useFormValidator';
import { useViewer } from '../../common/useViewer';
import { TemplateInputs } from './TemplateInputs';
import { useTemplateCreated } from './useTemplateCreated';
import { TEMPLATE_RESOURCE } from './useTemplateRegister';

/** A new template starts as the default pass.json (a black store card) and an empty dynamic data schema. */
const withDefaults = (data: Partial<Template>) => ({
  ...data,
  jsonTemplate: defaultJsonTemplate(),
  dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
});

/** Create, always enabled (a click shows what is missing); it first drops the API's last refusal. */
const CreateButton = () => {
  const { clearErrors } = useFormContext();
  return <SaveButton label="ra.action.create" alwaysEnable onClick={() => clearErrors()} />;
};

/**
 * The New template dialog: a name, a project where the viewer holds TEMPLATE_CREATE and at least one
 * language; the template is created and opened.
 */
export const TemplateCreateDialog = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { viewer } = useViewer();
  const notifications = useItemNotifications(TEMPLATE_RESOURCE);
  const onCreated = useTemplateCreated();
  const close = () => redirect('list', TEMPLATE_RESOURCE);
  const validate = useFormValidator(templateResource.createSchema, {
    toBody: withDefaults,
    resource: TEMPLATE_RESOURCE,
  });
  const mayCreateIn = (project: Project) => (viewer ? can(viewer, Right.TEMPLATE_CREATE, project.id) : false);

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="new-template-title">
      <DialogTitle id="new-template-title">{translate('app.template.newTitle')}</DialogTitle>
      {!viewer ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <CreateBase
          resource={TEMPLATE_RESOURCE}
          redirect={false}
          transform={withDefaults}
          mutationOptions={{
            onSuccess: (record: Template) => void onCreated(record),
            onError: (error: unknown) => notifications.createFailed(error),
          }}
        >
          <Form
            validate={validate}
            noValidate
            defaultValues={{ name: translate('app.template.defaultName'), projectId: null, languages: [] }}
          >
            <DialogContent>
              <TemplateInputs mode="create" projects={mayCreateIn} isAdmin={viewer.isAdmin} />
            </DialogContent>
            <DialogActions>
              <Button label="app.action.cancel" onClick={close} />
              <CreateButton />
            </DialogActions>
          </Form>
        </CreateBase>
      )}
    </Dialog>
  );
};
