import { Box, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  CreateBase,
  Form,
  SaveButton,
  useAuthProvider,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { access } from '../../../domain/consoleAreas';
import { projectResource } from '../../../domain/schemas/project';
import { useFormValidator } from '../../common/validation/useFormValidator';
import { useItemNotifications } from '../../common/useItemNotifications';
import { useProjectRegister, useRefreshProjectRegister } from '../../common/useProjectRegister';
import { useViewer } from '../../common/useViewer';
import type { PassbaseAuthProvider } from '../../authProvider';
import { ProjectInputs, useParentRule } from './ProjectInputs';
import { parentChoices } from './projectValues';

const RESOURCE = 'identity/project';

/**
 * The New project modal: a name, and a parent. Only admins create top-level projects; others choose a
 * parent on which they hold PROJECT_CREATE. The viewer is read again afterwards (their rights changed).
 */
export const ProjectCreateDialog = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider<PassbaseAuthProvider>();
  const { viewer } = useViewer();
  const { projects, isPending } = useProjectRegister();
  const refreshRegister = useRefreshProjectRegister();
  const notifications = useItemNotifications(RESOURCE);
  const close = () => redirect('list', RESOURCE);
  const allowTopLevel = viewer ? access.canCreateTopLevelProject(viewer) : false;
  const parents = viewer ? parentChoices(projects, viewer) : [];
  const validate = useFormValidator(projectResource.createSchema, {
    rules: useParentRule(allowTopLevel),
    resource: RESOURCE,
  });

  const onSuccess = async (record: RaRecord) => {
    notifications.created(record.id);
    await authProvider?.reloadViewer();
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    void refreshRegister();
    redirect('edit', RESOURCE, record.id);
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="new-project-title">
      <DialogTitle id="new-project-title">{translate('app.project.newTitle')}</DialogTitle>
      {!viewer || isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <CreateBase
          resource={RESOURCE}
          redirect={false}
          mutationOptions={{ onSuccess, onError: (error: unknown) => notifications.createFailed(error) }}
        >
          <Form
            validate={validate}
            noValidate
            defaultValues={{
              name: '',
              active: true,
              parentId: allowTopLevel ? null : (parents[0]?.id ?? null),
            }}
          >
            <DialogContent>
              <ProjectInputs mode="create" parents={parents} allowTopLevel={allowTopLevel} />
            </DialogContent>
            <DialogActions>
              <Button label="app.action.cancel" onClick={close} />
              <SaveButton label="ra.action.create" />
            </DialogActions>
          </Form>
        </CreateBase>
      )}
    </Dialog>
  );
};
