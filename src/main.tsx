import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadConfig } from './config';
import { createServices } from './services';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadConfig()
  .then((config) => {
    root.render(
      <StrictMode>
        <App config={config} services={createServices(config)} />
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
