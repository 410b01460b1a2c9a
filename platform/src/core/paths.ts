import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, wherever the process was started from. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Provisioned tools and caches (git-ignored, safe to delete: the next start rebuilds them). */
export const devstackDir = join(repoRoot, '.devstack');

/** The built UI that the API serves (vite build output). */
export const uiDistDir = join(repoRoot, 'ui', 'dist');
