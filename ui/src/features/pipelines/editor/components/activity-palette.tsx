import { useId, useMemo, useState } from 'react';
import type { PluginActivity, PluginDescription } from '../../../plugins/index.ts';
import { paletteGroups } from '../utils/palette.ts';
import { paintableColor } from '../utils/plugin-look.ts';
import { ACTIVITY_DRAG_TYPE } from './editor-canvas.tsx';
import { PluginBadge } from './plugin-badge.tsx';

interface ActivityPaletteProps {
  plugins: readonly PluginDescription[];
  onAdd: (activity: PluginActivity) => void;
}

/** Every activity a step can run, grouped by plugin and searchable; drag one onto the canvas, or Add it. */
export function ActivityPalette({ plugins, onAdd }: ActivityPaletteProps) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => paletteGroups(plugins, query), [plugins, query]);
  const searchId = useId();
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <label htmlFor={searchId} className="sr-only">
        Search activities
      </label>
      <input
        id={searchId}
        type="search"
        className="input input-sm w-full shrink-0"
        placeholder="Search activities"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="flex min-h-0 flex-col gap-3 overflow-y-auto pr-1">
        {groups.length === 0 && <p className="text-sm text-base-content/60">No activity matches “{query}”.</p>}
        {groups.map(({ plugin, activities }) => (
          <section key={plugin.id} aria-label={plugin.name} className="flex flex-col gap-1">
            <h3 className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs font-semibold text-base-content/80">
              <span>{plugin.name}</span>
              <PluginBadge plugin={plugin} />
            </h3>
            <ul className="flex flex-col gap-1">
              {activities.map((activity) => (
                <li
                  key={activity.qualifiedName}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.setData(ACTIVITY_DRAG_TYPE, activity.qualifiedName);
                    event.dataTransfer.effectAllowed = 'copy';
                  }}
                  data-testid={`palette-${activity.qualifiedName}`}
                  className="group flex cursor-grab items-start gap-2 rounded-box border border-base-300 border-l-4 bg-base-100 px-2 py-1.5 active:cursor-grabbing"
                  style={{ borderLeftColor: paintableColor(plugin.ui.color) }}
                  title={activity.description}
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-mono text-xs font-semibold">{activity.name}</p>
                    <p className="line-clamp-2 text-xs text-base-content/60">{activity.description}</p>
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs btn-square shrink-0 text-base"
                    aria-label={`Add ${activity.qualifiedName}`}
                    title="Add to the canvas"
                    onClick={() => onAdd(activity)}
                  >
                    +
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
