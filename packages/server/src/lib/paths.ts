import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The server package's root, the same from `src/lib` (tests, tsx) and `dist/lib` (built). */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
