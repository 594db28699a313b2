import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { LinkBase, useDataProvider, useLocale, useTranslate } from 'react-admin';
import { errorMessage } from '../dataProviders/httpClient';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';
import { useProjectRegister, useRefreshProjectRegister } from '../common/useProjectRegister';
import { useViewer } from '../common/useViewer';
import { useRefreshTemplateRegister } from '../resources/templates/useTemplateRegister';

/** The project POST /v1/demo makes (server/features/demo). */
export const DEMO_PROJECT_NAME = 'Demo';

const passesOf = (projectId: string) =>
  `/passes/pass?filter=${encodeURIComponent(JSON.stringify({ projectId }))}`;

/**
 * The first run, for an administrator: while there is no project "Demo", a card offers to make it (POST /v1/demo)
 * so that every screen has something to show; progress while the server works (some seconds), then links to its
 * passes and its e-shop, or the server's reason. MUI's buttons: react-admin's show only their icon on a phone.
 */
export const DemoProjectCard = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { viewer } = useViewer();
  const { projects, isPending } = useProjectRegister();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const refreshProjects = useRefreshProjectRegister();
  const refreshTemplates = useRefreshTemplateRegister();
  const demo = useMutation({
    mutationFn: () => dataProvider.createDemo(),
    onSuccess: () => {
      void refreshProjects();
      void refreshTemplates();
    },
  });
  const offered =
    viewer?.isAdmin === true && !isPending && !projects.some((project) => project.name === DEMO_PROJECT_NAME);
  // once asked for, the card stays to tell how it went (the new project would hide the offer)
  if (!offered && demo.isIdle) return null;
  const text = (key: string, options?: Record<string, unknown>) => translate(`app.home.demo.${key}`, options);
  const made = demo.data;
  return (
    <Card variant="outlined" sx={{ borderColor: 'primary.main' }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {text('title')}
        </Typography>
        <Typography color="text.secondary">{text('text')}</Typography>
        {demo.isPending && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography gutterBottom>{text('running')}</Typography>
            <LinearProgress />
          </Box>
        )}
        {made && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {text('done', {
              templates: made.templates.length,
              passes: made.passes.toLocaleString(locale),
            })}
          </Alert>
        )}
        {demo.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {text('failed', { message: errorMessage(demo.error) })}
          </Alert>
        )}
      </CardContent>
      <CardActions>
        {made ? (
          <>
            <Button size="small" component={LinkBase} to={passesOf(made.projectId)}>
              {text('openPasses')}
            </Button>
            {made.eshopId && (
              <Button size="small" component={LinkBase} to={`/ticket/ticketEshop/${made.eshopId}`}>
                {text('openEshop')}
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" size="small" disabled={demo.isPending} onClick={() => demo.mutate()}>
            {text('create')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
};
