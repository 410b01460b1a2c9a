import type { PluginActivity } from '../api/get-plugins.ts';

/** Who may place an activity in a pipeline, and whether the signed-in user may. */
function AccessBadge({ activity }: { activity: PluginActivity }) {
  if (activity.access === 'internal') {
    const why = activity.inProcess ? 'its input carries a secret' : 'it acts on what only the platform decides';
    return (
      <span className="badge badge-ghost badge-sm" title={`The platform runs it itself (${why}): never a step of a pipeline`}>
        platform only
      </span>
    );
  }
  if (activity.access === 'public') return null;
  return (
    <span
      className={`badge badge-sm ${activity.placeable ? 'badge-ghost' : 'badge-warning'}`}
      title={`A pipeline step only ${activity.access} and above may place${activity.placeable ? '' : ': your role may not'}`}
    >
      {activity.access}+
    </span>
  );
}

/** The activities a plugin offers: the name pipelines use, what it does, who may place it, its timeout. */
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
                <AccessBadge activity={activity} />
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
