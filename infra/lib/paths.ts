import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DATA = path.join(ROOT, '.data');
export const fromRoot = (...parts: string[]) => path.join(ROOT, ...parts);
