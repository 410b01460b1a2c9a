import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { pluginsQueryOptions } from '../api/get-plugins.ts';
import { PluginCard } from './plugin-card.tsx';

/** Every installed plugin as a card. */
export function PluginsList() {
  const plugins = useQuery(pluginsQueryOptions());

  if (plugins.isPending) return <span className="loading loading-spinner loading-md" aria-label="Loading plugins" />;
  if (plugins.isError) return <ErrorAlert message={plugins.error.message} />;
  if (plugins.data.length === 0) {
    return (
      <p className="text-base-content/70">
        No plugins are installed. Add one with <code className="font-mono">npm run new-plugin -- &lt;id&gt;</code> (a folder under{' '}
        <code className="font-mono">plugins/</code>) and restart the platform.
      </p>
    );
  }
  return (
    <ul className="grid gap-6 xl:grid-cols-2" aria-label="Installed plugins">
      {plugins.data.map((plugin) => (
        <li key={plugin.id}>
          <PluginCard plugin={plugin} />
        </li>
      ))}
    </ul>
  );
}
