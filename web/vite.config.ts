import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The nginx gateway of the local stack: it routes /api and the sockets to the services. */
const GATEWAY = 'http://localhost:8080';

/**
 * The policy the gateway sends (gateway/nginx). `vite preview` sends it too, so a production
 * build is always exercised under the policy it will be served with.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|redux|@reduxjs[\\/]toolkit|immer|reselect|use-sync-external-store)[\\/]/;

// No changeOrigin: the services compare Origin with Host, so the browser's Host must pass through.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: GATEWAY },
  '/ws': { target: GATEWAY, ws: true },
  '/ws-general': { target: GATEWAY, ws: true },
  '/ws-collab': { target: GATEWAY, ws: true },
  '/mcp': { target: GATEWAY },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@prd\/proto$/, replacement: fileURLToPath(new URL('../proto/src/index.ts', import.meta.url)) },
      // Zod-free proto modules (texts, constants) imported one by one: `@prd/proto/auth-messages`.
      { find: /^@prd\/proto\/(.+)$/, replacement: `${fileURLToPath(new URL('../proto/src/', import.meta.url))}$1.ts` },
    ],
  },
  // Component styles are CSS modules (`name.module.css`); their class names read as camelCase (`styles.chatBubble`).
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  server: { proxy },
  preview: { proxy, headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/prerender-pages.ts for each prerendered page's CSS and chunks, then removed.
    manifest: true,
    rolldownOptions: {
      // proto only declares constants and zod schemas. Saying so lets the client import its constants
      // without shipping zod and every schema; a module whose schema is used is still bundled whole.
      treeshake: { moduleSideEffects: [{ test: /[\\/]proto[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // React, the router and Redux change far less often than the app: a chunk of their own
          // stays cached across releases. antd is left out so its components load with the pages using them.
          groups: [{ name: 'framework', test: FRAMEWORK_PACKAGES }],
        },
      },
    },
  },
});
