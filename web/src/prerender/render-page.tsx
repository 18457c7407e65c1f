import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { theme } from 'antd';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app-providers';
import { seedQueries, type PrerenderedQueries } from '../app/prerendered-queries';
import { appRoutes } from '../app/router';
import { store } from '../app/store';
import { appTheme } from '../app/theme';
import { toVariables } from '../app/theme-variables';
import { api } from '../shared/api/api';

export { LISTED_CATALOGUE } from '@prd/proto/template-catalogue';
export { serializeQueries, PRERENDERED_QUERIES_ID, type PrerenderedQueries } from '../app/prerendered-queries';
export { FIRST_SCREEN_ID } from '../features/document-editor/first-screen';

export interface PrerenderedPage {
  /** The markup of #root, as the client's first render produces it (no user known yet, no data but `queries`). */
  html: string;
  /** antd's component styles for that markup, as <style> elements with the map antd reads back on hydration. */
  styles: string;
  /** The theme's `--prd-*` properties, which the client otherwise sets on <html> only once it runs. */
  themeVariables: string;
  /** From this width on the shell has its sidebar layout, which markup rendered without a screen cannot know. */
  wideScreenMinWidth: number;
}

/** Renders one address of the client at build time with these query results, waiting for its lazily loaded page. */
export async function renderPage(pathname: string, queries: PrerenderedQueries): Promise<PrerenderedPage> {
  // The client seeds its store the same way before it hydrates (src/app/start.tsx).
  store.dispatch(api.util.resetApiState());
  seedQueries(store, queries);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only pages can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
  // React would put a failing page's Suspense fallback in the markup and carry on: a page that cannot render without a
  // browser (a module using window when it loads) must fail the build instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StyleProvider cache={cache}>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
    // A boundary bigger than the chunk size is sent apart and revealed by an inline script, which the
    // gateway's policy refuses: the page's markup must arrive in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new Error(`${pathname} failed to render at build time`, { cause: errors[0] });
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${pathname} rendered an inline script, which the gateway's policy refuses`);
  const token = theme.getDesignToken(appTheme);
  const variables = toVariables(token);
  return {
    html,
    styles: extractStyle(cache),
    themeVariables: Object.entries(variables)
      .map(([name, value]) => `${name}:${value}`)
      .join(';'),
    wideScreenMinWidth: token.screenLG,
  };
}
