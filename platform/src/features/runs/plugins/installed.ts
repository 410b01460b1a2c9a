import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyPlugin } from '@meetflow/plugin-sdk';
import { repoRoot } from '../../../core/paths.ts';

/** What the loader reads of a plugin package's package.json. */
interface PluginPackage {
  name?: string;
  exports?: string | { '.'?: string };
  main?: string;
  /** `"meetflow": { "plugin": "<export>" }` marks a package as a plugin and names the export that is the plugin. */
  meetflow?: { plugin?: string };
}

/** Lists first by `ui.order`, then by id: agents in the product's pipeline order, sources in the spec's checklist order. */
const byOrder = (left: AnyPlugin, right: AnyPlugin) =>
  (left.manifest.ui?.order ?? Number.MAX_SAFE_INTEGER) - (right.manifest.ui?.order ?? Number.MAX_SAFE_INTEGER) ||
  left.manifest.id.localeCompare(right.manifest.id);

/**
 * The plugins in a folder of plugin packages: every `<folder>/<name>/package.json` with a
 * `meetflow.plugin` field (the SDK has none), its entry point imported and that export taken.
 * Folders whose name starts with a dot are skipped. A package naming an export its entry point
 * lacks stops start-up with a message saying so; the host then validates each manifest.
 */
export async function loadPlugins(folder: string): Promise<AnyPlugin[]> {
  const plugins: AnyPlugin[] = [];
  const folders = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => join(folder, entry.name))
    .sort();
  for (const dir of folders) {
    const packageFile = join(dir, 'package.json');
    if (!existsSync(packageFile)) continue;
    const pkg = JSON.parse(readFileSync(packageFile, 'utf8')) as PluginPackage;
    const exported = pkg.meetflow?.plugin;
    if (!exported) continue;
    const entry = (typeof pkg.exports === 'string' ? pkg.exports : pkg.exports?.['.']) ?? pkg.main ?? 'index.js';
    const module = (await import(pathToFileURL(join(dir, entry)).href)) as Record<string, unknown>;
    const plugin = module[exported] as AnyPlugin | undefined;
    if (!plugin) throw new Error(`${pkg.name ?? dir}: package.json names the plugin export "${exported}", which ${entry} does not export`);
    plugins.push(plugin);
  }
  return plugins.sort(byOrder);
}

/**
 * The plugins this platform runs: every plugin package under `plugins/` (npm workspaces), found
 * at start-up. Installing a plugin is adding its folder (`npm run new-plugin -- <id>` writes one);
 * nothing in the platform names it.
 */
export const installedPlugins: AnyPlugin[] = await loadPlugins(join(repoRoot, 'plugins'));
