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
import { access } from '../../domain/consoleAreas';
import { type RightsHolder } from '../../domain/rights';
import { useViewer } from '../common/useViewer';
import { useConfig } from '../config';
import { DemoProjectCard } from './DemoProjectCard';

interface HomeSection {
  key: string;
  visible: (viewer: RightsHolder) => boolean;
  links: Array<{ label: string; to?: string; href?: 'docs' }>;
}

/** The home page's sections (spec section 2, route /), each shown by the viewer's rights. */
const sections: HomeSection[] = [
  { key: 'passes', visible: access.passes, links: [{ label: 'app.home.open', to: '/passes/pass' }] },
  {
    key: 'templates',
    visible: access.templates,
    links: [{ label: 'app.home.open', to: '/passes/template' }],
  },
  { key: 'images', visible: access.adminOnly, links: [{ label: 'app.home.open', to: '/passes/image' }] },
  {
    key: 'certificates',
    visible: access.certificates,
    links: [{ label: 'app.home.open', to: '/passes/certificate' }],
  },
  {
    key: 'reports',
    visible: access.reports,
    links: [{ label: 'app.home.open', to: '/report/passinwalletoverview' }],
  },
  { key: 'documentation', visible: () => true, links: [{ label: 'app.home.apiDocs', href: 'docs' }] },
  {
    key: 'identity',
    visible: access.adminOnly,
    links: [
      { label: 'app.menu.projects', to: '/identity/project' },
      { label: 'app.menu.users', to: '/identity/user' },
    ],
  },
];

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
          sections
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
                          {translate(link.label)}
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
