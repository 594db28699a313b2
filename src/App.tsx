import { useMemo, useSyncExternalStore } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorScreen,
  LoadingPage,
  Resource,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type Store,
} from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route } from 'react-router';
import type { ConsoleConfig } from '../domain/schemas/config';
import { ConfigProvider } from './config';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { lowerCaseRoutes } from './layout/lowerCaseRoutes';
import { AccessDeniedPage, ErrorPage, NotFoundPage } from './pages/ErrorPage';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { reportRoutes } from './reports/reportRoutes';
import { resources } from './resources';
import type { ConsoleServices } from './services';
import { createUserStore } from './userStore';
import { lazyScreen } from './common/lazyScreen';
import { AccessRulesContext } from './common/useRowAccess';
import { canAccessResource } from './auth/canAccessResource';

// pages beside the resources' screens load when first shown (the sign-in page and the home page come at once)
const AboutPage = lazyScreen(
  () => import('./pages/AboutPage'),
  (module) => module.AboutPage,
);
const AccountingPage = lazyScreen(
  () => import('./accounting/AccountingPage'),
  (module) => module.AccountingPage,
);
const AuditPage = lazyScreen(
  () => import('./audit/AuditPage'),
  (module) => module.AuditPage,
);
const EndpointsPage = lazyScreen(
  () => import('./pages/EndpointsPage'),
  (module) => module.EndpointsPage,
);
const GatePage = lazyScreen(
  () => import('./gate/GatePage'),
  (module) => module.GatePage,
);
const StampPage = lazyScreen(
  () => import('./stamps/StampPage'),
  (module) => module.StampPage,
);
const PassImportPage = lazyScreen(
  () => import('./resources/passes/import/PassImportPage'),
  (module) => module.PassImportPage,
);
const ProfilePage = lazyScreen(
  () => import('./pages/profile/ProfilePage'),
  (module) => module.ProfilePage,
);

export interface ConsoleAdminProps {
  config: ConsoleConfig;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  store: Store;
  queryClient?: QueryClient;
}

/** The console's react-admin: resources of src/resources and the pages of spec section 2. */
export const ConsoleAdmin = ({ config, ...providers }: ConsoleAdminProps) => (
  <ConfigProvider config={config}>
    <AccessRulesContext.Provider value={canAccessResource}>
      <AdminContext {...providers}>
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            layout={AppLayout}
            dashboard={HomePage}
            loginPage={LoginPage}
            catchAll={NotFoundPage}
            accessDenied={AccessDeniedPage}
            authCallbackPage={AuthCallback}
            authenticationError={AuthenticationError}
            error={ErrorScreen}
            loading={LoadingPage}
            requireAuth
            disableTelemetry
          >
            {Object.entries(resources).map(([name, definition]) => (
              <Resource key={name} name={name} {...definition} />
            ))}
            <CustomRoutes>
              <Route path="/user/detail" element={<ProfilePage />} />
              <Route path="/about" element={<AboutPage />} />
              <Route path="/api/endpoints" element={<EndpointsPage />} />
              <Route path="/error/:status" element={<ErrorPage />} />
              <Route path="/error" element={<ErrorPage />} />
              <Route path="/identity/iuser" element={<Navigate to="/identity/user" replace />} />
              {lowerCaseRoutes}
              {reportRoutes}
              <Route path="/ticket/ticketAccounting" element={<AccountingPage />} />
              <Route path="/ticket/validation" element={<GatePage />} />
              <Route path="/identity/audit" element={<AuditPage />} />
              <Route path="/stamp" element={<StampPage />} />
              <Route path="/passes/import" element={<PassImportPage />} />
            </CustomRoutes>
          </CoreAdminUI>
          <AppNotification />
        </CssBaseline>
      </AdminContext>
    </AccessRulesContext.Provider>
  </ConfigProvider>
);

/**
 * The console with its services, on browser routes (react-admin would use hash routes on its own);
 * the interface state follows the signed-in user.
 *
 * The router updates its location at once, not in a React transition (react-router 7's default):
 * react-admin signs out by rendering LogoutOnMount for every route until the location is /login, and
 * each of its logouts clears the query cache, which renders LogoutOnMount again. A location held back
 * in a transition that these urgent renders keep pushing back stays on the old page for seconds, while
 * LogoutOnMount pushes /login hundreds of times a second.
 */
export const App = ({ config, services }: { config: ConsoleConfig; services: ConsoleServices }) => {
  const { authProvider } = services;
  const userId = useSyncExternalStore(authProvider.subscribeViewer, authProvider.currentUserId);
  const store = useMemo(() => createUserStore(config.version, userId), [config.version, userId]);
  return (
    <BrowserRouter useTransitions={false}>
      <ConsoleAdmin
        config={config}
        authProvider={authProvider}
        dataProvider={services.dataProvider}
        i18nProvider={services.i18nProvider}
        queryClient={services.queryClient}
        store={store}
      />
    </BrowserRouter>
  );
};
