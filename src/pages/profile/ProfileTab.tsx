import { CardContent, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useProjectRegister } from '../../common/useProjectRegister';
import { useRightsInWords } from '../../common/useRightsInWords';
import { useViewer } from '../../common/useViewer';

/** Read-only display name and e-mail; for non-admins, the projects they are on, by name. */
export const ProfileTab = () => {
  const translate = useTranslate();
  const rightsInWords = useRightsInWords();
  const { viewer } = useViewer();
  const { byId } = useProjectRegister();
  if (!viewer) return null;
  const projects = Object.entries(viewer.projects)
    .map(([id, rights]) => ({ id, rights, name: byId.get(id)?.name ?? id }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <CardContent>
      <Stack spacing={2}>
        <TextField
          label={translate('app.profile.displayName')}
          value={viewer.displayName}
          slotProps={{ input: { readOnly: true } }}
        />
        <TextField
          label={translate('app.profile.email')}
          value={viewer.email}
          slotProps={{ input: { readOnly: true } }}
        />
        {!viewer.isAdmin && (
          <div>
            <Typography variant="subtitle1" component="h3">
              {translate('app.profile.projects')}
            </Typography>
            {projects.length === 0 ? (
              <Typography color="text.secondary">{translate('app.profile.noProjects')}</Typography>
            ) : (
              <List dense>
                {projects.map((project) => (
                  <ListItem key={project.id} disableGutters>
                    <ListItemText primary={project.name} secondary={rightsInWords(project.rights)} />
                  </ListItem>
                ))}
              </List>
            )}
          </div>
        )}
      </Stack>
    </CardContent>
  );
};
