// What the Plugins feature offers other features: the installed plugins, as GET /api/plugins describes them.
export { pluginsQueryOptions, type PluginActivity, type PluginDescription } from './api/get-plugins.ts';
