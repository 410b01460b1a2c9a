import type { PluginActivity, PluginDescription } from '../../../plugins/index.ts';

/** How a plugin looks wherever its activities appear: name, icon and colour. */
export type PluginLook = Pick<PluginDescription, 'id' | 'name' | 'ui'>;

/** One plugin's group of the palette: the plugin and the activities a pipeline step can run. */
export interface PaletteGroup {
  plugin: PluginLook;
  activities: PluginActivity[];
}

/** An activity a step can run, with the plugin it belongs to and that plugin's config (what a step's own settings go over). */
export interface StepActivity {
  activity: PluginActivity;
  plugin: PluginLook;
  config: PluginDescription['config'];
}

const lookOf = ({ id, name, ui }: PluginDescription): PluginLook => ({ id, name, ui });

/** Every activity a pipeline step can run, by qualified name, with its plugin and its plugin's config (inProcess ones are not steps). */
export function stepActivities(plugins: readonly PluginDescription[]): Map<string, StepActivity> {
  return new Map(
    plugins.flatMap((plugin) =>
      plugin.activities
        .filter((activity) => !activity.inProcess)
        .map((activity): [string, StepActivity] => [activity.qualifiedName, { activity, plugin: lookOf(plugin), config: plugin.config }]),
    ),
  );
}

/**
 * The palette: each plugin with the step activities the user may place (the API says which, from
 * their role) that match every word of `query` (in its plugin's name or id, or its own name,
 * qualified name or description), plugins left with none left out, in the API's order.
 */
export function paletteGroups(plugins: readonly PluginDescription[], query: string): PaletteGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return plugins
    .map((plugin) => ({
      plugin: lookOf(plugin),
      activities: plugin.activities.filter((activity) => {
        if (activity.inProcess || !activity.placeable) return false;
        const text = [plugin.name, plugin.id, activity.name, activity.qualifiedName, activity.description].join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.activities.length > 0);
}
