import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BaseProviders } from 'app/base-providers';
import { createAppRouter } from 'app/router';
import { i18nReady } from 'lib/i18n';
import './theme-vars.css';
import './styles.css';

const router = createAppRouter();

// the first paint waits for the stored language's strings (their own chunk, loaded beside the app's code)
await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BaseProviders>
      <RouterProvider router={router} />
    </BaseProviders>
  </StrictMode>,
);
