import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/app-providers';
import { AppRouter, preloadLandingPage } from './app/router';
import './app/global.css';

preloadLandingPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
