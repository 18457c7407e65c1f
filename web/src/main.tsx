import './app/zod-jitless';
import './app/global.css';
import { preloadLandingPage } from './app/landing-pages';

const start = () => {
  preloadLandingPage(window.location.pathname);
  void import('./app/start');
};

// A prerendered page (web/scripts/prerender-pages.ts) is complete without the app: its code is fetched
// only once the page has painted, so on a slow network it does not compete with the HTML for bandwidth,
// nor its start-up with the first paint for the CPU. Until then links work as plain links.
// A wide screen keeps the markup hidden (it is the phone layout), so there is no paint to wait for.
const root = document.getElementById('root');
const shown = root?.hasAttribute('data-prerendered') === true && getComputedStyle(root).visibility === 'visible';
const paintTimed = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');
if (shown && paintTimed && document.visibilityState === 'visible') {
  const firstPaint = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    firstPaint.disconnect();
    start();
  });
  firstPaint.observe({ type: 'paint', buffered: true });
} else {
  start();
}
