import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { AppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// The gateway serves the most visited pages prerendered (web/scripts/prerender-pages.ts): take that markup
// over. As a transition the hydration yields to the browser every few milliseconds, so a tap or a scroll
// on the page already painted is not held up by one long task.
if (container.hasAttribute('data-prerendered')) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
