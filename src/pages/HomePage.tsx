import {
  Alert,
  Button as MuiButton,
  Card,
  CardActions,
  CardContent,
  Grid,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useTranslate } from 'react-admin';
import { useViewer } from '../common/useViewer';
import { useConfig } from '../config';
import { LABEL_OPTIONS } from '../layout/menuItems';
import { DemoProjectCard } from './DemoProjectCard';
import { homeSections } from './homeSections';

/** A translated text with a link (or any element) in place of one of its variables. */
function withElement(text: (marker: string) => string, element: ReactNode): ReactNode {
  const [before, after] = text('\u0000').split('\u0000');
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

/**
 * Home: what the console is for, an administrator's offer of demo data on the first run, the sections the viewer
 * may use, and help when they have no project.
 */
export const HomePage = () => {
  const translate = useTranslate();
  const { docsUrl, supportEmail } = useConfig();
  const { viewer } = useViewer();
  const hasNoProject = viewer !== null && !viewer.isAdmin && Object.keys(viewer.projects).length === 0;
  const docsLink = (
    <Link href={docsUrl} target="_blank" rel="noreferrer">
      {translate('app.home.apiDocs')}
    </Link>
  );
  const supportLink = <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>;

  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h4" component="h2" gutterBottom>
          {translate('app.home.title')}
        </Typography>
        <Typography>{translate('app.home.intro')}</Typography>
        <Typography>
          {withElement((link) => translate('app.home.apiDocsIntro', { link }), docsLink)}
        </Typography>
      </div>
      <DemoProjectCard />
      {hasNoProject && (
        <Alert severity="info">
          {withElement((email) => translate('app.home.noProjects', { email }), supportLink)}
        </Alert>
      )}
      <Grid container spacing={2}>
        {viewer &&
          homeSections
            .filter((section) => section.visible(viewer))
            .map((section) => (
              <Grid key={section.key} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h3" gutterBottom>
                      {translate(`app.home.${section.key}.title`)}
                    </Typography>
                    <Typography color="text.secondary">
                      {translate(`app.home.${section.key}.text`)}
                    </Typography>
                  </CardContent>
                  <CardActions>
                    {section.links.map((link) =>
                      link.href ? (
                        <MuiButton
                          key={link.label}
                          size="small"
                          href={docsUrl}
                          target="_blank"
                          rel="noreferrer"
                        >
                          {translate(link.label)}
                        </MuiButton>
                      ) : (
                        // MUI's button: react-admin's shows only its (absent) icon on a phone
                        <MuiButton key={link.label} size="small" component={LinkBase} to={link.to ?? '/'}>
                          {translate(link.label, LABEL_OPTIONS)}
                        </MuiButton>
                      ),
                    )}
                  </CardActions>
                </Card>
              </Grid>
            ))}
      </Grid>
    </Stack>
  );
};
