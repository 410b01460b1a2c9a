import type { PluginActivity } from '../api/get-plugins.ts';

/** The activities a plugin offers: the name pipelines use, what it does, its timeout. */
export function PluginActivities({ activities }: { activities: PluginActivity[] }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Activities</h3>
      {activities.length === 0 ? (
        <p className="text-sm text-base-content/60">This plugin offers no activities.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {activities.map((activity) => (
            <li key={activity.qualifiedName} className="rounded-box bg-base-200 px-3 py-2">
              <div className="flex items-center gap-2">
                <code className="font-mono text-sm font-medium">{activity.qualifiedName}</code>
                {activity.inProcess && (
                  <span
                    className="badge badge-ghost badge-sm"
                    title="Its input carries a secret: the platform calls it itself, never in a pipeline"
                  >
                    platform only
                  </span>
                )}
                <span className="ml-auto text-xs text-base-content/60">
                  {activity.timeout ? `timeout ${activity.timeout}` : 'default timeout'}
                </span>
              </div>
              <p className="text-sm text-base-content/70">{activity.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
