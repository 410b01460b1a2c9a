import type { PluginLook } from '../utils/palette.ts';
import { paintableColor } from '../utils/plugin-look.ts';

/** A plugin's icon name on its colour, as the Plugins page shows it; a grey `?` for an activity no plugin offers. */
export function PluginBadge({ plugin }: { plugin: PluginLook | undefined }) {
  return (
    <span
      className="badge badge-sm max-w-24 shrink-0 border-0 font-mono text-white"
      style={{ backgroundColor: paintableColor(plugin?.ui.color) }}
      title={plugin ? plugin.name : 'No installed plugin offers this activity'}
    >
      <span className="truncate">{plugin?.ui.icon ?? '?'}</span>
    </span>
  );
}
