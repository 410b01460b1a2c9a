import { PluginsList } from '../../features/plugins/components/plugins-list.tsx';

/** /plugins: the installed plugins, their activities and their settings. */
export function PluginsRoute() {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Plugins</h1>
        <p className="text-base-content/70">The agents and connectors installed on this platform, and what pipelines can call.</p>
      </header>
      <PluginsList />
    </div>
  );
}
