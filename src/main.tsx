import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadConfig } from './config';
import { preloadListPage } from './common/listFirstPage';
import { preloadScreen, resourceNames } from './resources';
import { createUserStore } from './userStore';
import { createServices } from './services';

const root = createRoot(document.getElementById('root') as HTMLElement);
// the screen asked for loads alongside the configuration and the sign-in check
preloadScreen(window.location.pathname);

loadConfig()
  .then((config) => {
    const services = createServices(config);
    // the sign-in check and the rights (the viewer), and a returning user's list, are read while the console
    // renders for the first time
    void services.authProvider.loadViewer();
    const userId = services.authProvider.currentUserId();
    if (userId) {
      const store = createUserStore(config.version, userId);
      preloadListPage(services.dataProvider, store, window.location, resourceNames);
    }
    root.render(
      <StrictMode>
        <App config={config} services={services} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    root.render(
      <div style={{ fontFamily: 'sans-serif', padding: 32 }}>
        <h1>We are sorry but something is broken</h1>
        <p>The console could not read its configuration: {message}</p>
      </div>,
    );
  });
