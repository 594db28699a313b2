import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { ApiClient } from '../../../domain/schemas/apiClient';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useProjectRegister } from '../../common/useProjectRegister';
import { useRightsInWords } from '../../common/useRightsInWords';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';
import { RightsActionsCell, RightsNumberCell, isValidRights } from '../projects/rights/RightsCells';
import { RightsDialog } from '../projects/rights/RightsDialog';
import { useApiClientTranslate } from './apiClientMessages';

/**
 * The projects an API client acts on with grant_type=client_credentials and its rights on each, edited as a
 * project's members are: add a project (rights start at 0), the rights as a number or with checkboxes, Save or
 * Remove (POST …/apiClient/{id}/project/{projectId}/rights).
 */
export const ApiClientProjectRights = () => {
  const client = useRecordContext<ApiClient>();
  const translate = useTranslate();
  const text = useApiClientTranslate();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const queryClient = useQueryClient();
  const notifyResult = useNotifyResult();
  const rightsInWords = useRightsInWords();
  const { projects } = useProjectRegister();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState('');
  const [dialogFor, setDialogFor] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const queryKey = ['apiClientProjects', client?.id];
  const { data: saved = {} } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getApiClientProjects(String(client?.id)),
    enabled: Boolean(client?.id) && client?.isPublic === false,
  });
  if (!client) return null;
  if (client.isPublic) return <Typography color="text.secondary">{text('publicNoProjects')}</Typography>;

  const nameOf = (projectId: string) =>
    projects.find((project) => project.id === projectId)?.name ?? projectId;
  const rows = [...new Set([...Object.keys(saved), ...Object.keys(edits)])];
  const addable = projects.filter((project) => !rows.includes(project.id));

  const send = async (projectId: string, accessRights: number | null) => {
    setBusy(projectId);
    try {
      await dataProvider.setApiClientProjectRights(String(client.id), projectId, accessRights);
      await queryClient.invalidateQueries({ queryKey });
      setEdits(({ [projectId]: _dropped, ...rest }) => rest);
      notifyResult(
        'success',
        text('projectRightsSaved'),
        {},
        text('projectRightsSavedText', {
          name: nameOf(projectId),
          rights: rightsInWords(accessRights ?? 0),
        }),
      );
    } catch (error) {
      notifyResult(
        'error',
        'app.notification.errorStatus',
        { status: errorStatus(error) ?? '' },
        errorMessage(error),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ maxWidth: 560 }}>
        <TextField
          select
          size="small"
          label={text('addProject')}
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
          fullWidth
        >
          {addable.map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {project.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<AddIcon />}
          sx={{ flexShrink: 0 }}
          disabled={!adding}
          onClick={() => {
            setEdits((current) => ({ ...current, [adding]: '0' }));
            setAdding('');
          }}
        >
          {text('addProject')}
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{text('noProjects')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.identity/project.name', { smart_count: 1 })}</TableCell>
              <TableCell>{translate('app.project.rightsNumber')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((projectId) => {
              const name = nameOf(projectId);
              const rights = edits[projectId] ?? String(saved[projectId] ?? 0);
              const changed = !(projectId in saved) || Number(rights) !== saved[projectId];
              return (
                <TableRow key={projectId}>
                  <TableCell>{name}</TableCell>
                  <RightsNumberCell
                    rights={rights}
                    whose={name}
                    onChange={(typed) => setEdits((current) => ({ ...current, [projectId]: typed }))}
                  />
                  <RightsActionsCell
                    whose={name}
                    busy={busy === projectId}
                    canSave={isValidRights(rights) && changed}
                    removeIcon={<DeleteIcon />}
                    removeLabel={text('removeProject')}
                    onEdit={() => setDialogFor(projectId)}
                    onSave={() => void send(projectId, Number(rights))}
                    onRemove={() =>
                      projectId in saved
                        ? void send(projectId, null)
                        : setEdits(({ [projectId]: _dropped, ...rest }) => rest)
                    }
                  />
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {dialogFor && (
        <RightsDialog
          title={translate('app.project.rightsOf', { name: nameOf(dialogFor) })}
          value={Number(edits[dialogFor] ?? saved[dialogFor] ?? 0) || 0}
          onClose={() => setDialogFor(null)}
          onApply={(mask) => {
            setEdits((current) => ({ ...current, [dialogFor]: String(mask) }));
            setDialogFor(null);
          }}
        />
      )}
    </Stack>
  );
};
