/**
 * Running TypeScript sources (jest): a worker thread loads its `.ts` module with Node's own type stripping, and these hooks
 * resolve the `.js` specifiers of our sources to their `.ts` files.
 */
const TYPESCRIPT_HOOKS = `import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    if (!specifier.startsWith('.') || !specifier.endsWith('.js')) return next(specifier, context);
    try {
      return next(specifier, context);
    } catch {
      return next(specifier.slice(0, -3) + '.ts', context);
    }
  },
});`;

/** Whether the module at `moduleUrl` runs from the TypeScript sources (jest) rather than the built service. */
const fromSources = (moduleUrl: string) => moduleUrl.endsWith('.ts');

/** The worker thread module `name` beside the module at `moduleUrl`: `name`.js of the built service, or `name`.ts from the sources. */
export const workerModule = (moduleUrl: string, name: string): string => new URL(`./${name}.${fromSources(moduleUrl) ? 'ts' : 'js'}`, moduleUrl).href;

/** The Node options a worker thread started by the module at `moduleUrl` needs: the hooks above when it runs from the sources. */
export const workerExecArgv = (moduleUrl: string): { execArgv?: string[] } =>
  fromSources(moduleUrl) ? { execArgv: [...process.execArgv, '--import', `data:text/javascript,${encodeURIComponent(TYPESCRIPT_HOOKS)}`] } : {};
