import type { AnyPlugin } from '@meetflow/plugin-sdk';

/** The manifest version of each plugin, by plugin id: what a pipeline step records it ran with. */
export function pluginVersions(plugins: readonly AnyPlugin[]): Record<string, string> {
  return Object.fromEntries(plugins.map((plugin) => [plugin.manifest.id, plugin.manifest.version]));
}
