import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Drawer,
  IconButton,
  LinearProgress,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import { LocalesMenuButton, useLocation, useTranslate } from 'react-admin';
import { useProjectRegister } from '../common/useProjectRegister';
import { useWindowWidth } from '../common/useWindowWidth';
import { PHONE_MAX_PX, WIDE_LAYOUT_MIN_PX } from '../constants';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { Breadcrumb } from './Breadcrumb';
import { CertificateExpiryBanner } from './CertificateExpiryBanner';
import { EnvironmentBadge } from './EnvironmentBadge';
import { RenderErrorBoundary } from './RenderErrorBoundary';
import { SimulatedPaymentsBanner } from './SimulatedPaymentsBanner';
import { usePageTitle } from './usePageTitle';

const SIDEBAR_WIDTH = 240;

const Brand = () => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 2, py: 1.5 }}>
      <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
        {translate('app.name')}
      </Typography>
      <EnvironmentBadge />
    </Stack>
  );
};

/**
 * Language and user menu: in the top bar when narrow, above the page when wide. On a phone the language button
 * shows only its icon (its name stays its accessible name), leaving the page's title room.
 */
const HeaderTools = memo(({ phone = false }: { phone?: boolean }) => (
  <Stack direction="row" spacing={1} alignItems="center">
    <Box
      sx={
        phone
          ? {
              '& .MuiButton-root': { minWidth: 0, fontSize: 0, px: 0.5 },
              '& .MuiButton-startIcon': { mr: 0 },
              '& .MuiButton-endIcon': { ml: 0 },
            }
          : undefined
      }
    >
      <LocalesMenuButton />
    </Box>
    <AppUserMenu />
  </Stack>
));

/** The brand and the menu, which re-render on their own changes only, not with each change of the page. */
const Sidebar = memo(({ onNavigate }: { onNavigate?: () => void }) => (
  <Box sx={{ width: SIDEBAR_WIDTH }} role="presentation">
    <Brand />
    <AppMenu onNavigate={onNavigate} />
  </Box>
));

/**
 * Reads the project register right after sign-in; alone in a component, so that its answer re-renders nothing
 * else of the frame.
 */
const ProjectRegisterReader = () => {
  useProjectRegister();
  return null;
};

/**
 * The console's frame: a permanent left menu from 1240 px up; below, a top bar and the menu as a
 * slide-over sidebar. The project register is read here, right after sign-in. A screen whose code is still loading
 * shows a progress bar under the frame. The menu and the header's tools are memoised: the frame re-renders with
 * every change of the page (its title, its path), and they are the heaviest parts of it.
 */
export const AppLayout = ({ children }: { children?: ReactNode }) => {
  const wide = useMediaQuery(`(min-width:${WIDE_LAYOUT_MIN_PX}px)`, { noSsr: true });
  const [open, setOpen] = useState(false);
  const { title, shortTitle } = usePageTitle();
  const phone = useWindowWidth() < PHONE_MAX_PX;
  const translate = useTranslate();
  const { pathname } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  const sidebar = <Sidebar onNavigate={wide ? undefined : close} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <ProjectRegisterReader />
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <>
          <AppBar position="fixed" color="primary">
            <Toolbar variant="dense" sx={{ gap: 1 }}>
              <IconButton
                color="inherit"
                edge="start"
                aria-label={translate('app.menu.open')}
                onClick={() => setOpen(true)}
              >
                <MenuIcon />
              </IconButton>
              {/* a phone's bar has room for a word or two: the page's own short title, whole */}
              <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }} title={title}>
                {phone ? shortTitle : title}
              </Typography>
              <EnvironmentBadge />
              <HeaderTools phone={phone} />
            </Toolbar>
          </AppBar>
          <Drawer variant="temporary" open={open} onClose={close} ModalProps={{ keepMounted: true }}>
            {sidebar}
          </Drawer>
        </>
      )}
      <Box component="main" id="main-content" sx={{ flexGrow: 1, minWidth: 0, p: 2, pt: wide ? 2 : 8 }}>
        {wide && (
          <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              {title}
            </Typography>
            <HeaderTools />
          </Stack>
        )}
        <Breadcrumb />
        <SimulatedPaymentsBanner />
        <CertificateExpiryBanner />
        <RenderErrorBoundary pathname={pathname}>
          {/* screens load their code when first shown (src/common/lazyScreen.ts) */}
          <Suspense fallback={<LinearProgress />}>{children}</Suspense>
        </RenderErrorBoundary>
      </Box>
    </Box>
  );
};
