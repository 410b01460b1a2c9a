import { NamedIcon } from '../../../../components/ui/named-icon.tsx';
import type { PluginLook } from '../utils/palette.ts';
import { paintableColor } from '../utils/plugin-look.ts';

/** A plugin's icon on its colour, as the Plugins page shows it; a grey `?` for an activity no plugin offers. */
export function PluginBadge({ plugin }: { plugin: PluginLook | undefined }) {
  const name = plugin ? plugin.name : 'No installed plugin offers this activity';
  return (
    <span
      role="img"
      aria-label={name}
      className="badge badge-sm shrink-0 border-0 px-1.5 text-white"
      style={{ backgroundColor: paintableColor(plugin?.ui.color) }}
      title={name}
    >
      {plugin ? <NamedIcon name={plugin.ui.icon} className="size-3.5" /> : <span aria-hidden="true">?</span>}
    </span>
  );
}
