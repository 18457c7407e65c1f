import { spawn } from 'node:child_process';
import { fromRoot } from './paths.ts';

/** Runs a command in the foreground with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: Record<string, string | undefined> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: fromRoot(), env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export const bin = (name: string) => fromRoot('node_modules/.bin', name);

/** Builds every project that changed (Nx caches the rest). */
export async function build(): Promise<void> {
  const code = await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=static']);
  if (code !== 0) throw new Error('build failed');
}
