import type { AnyPlugin } from '@meetflow/plugin-sdk';
import type { DecisionPointView } from './api-schemas.ts';

/**
 * The decision points the installed plugins declare (their manifests' `decisionPoints`), in plugin
 * order: what the experiments form offers and POST /api/experiments checks against. Not a list of
 * the platform's own: a plugin that is not installed offers none. Two plugins declaring one id
 * would make an experiment's choice ambiguous, so that stops start-up naming both.
 */
export function installedDecisionPoints(plugins: readonly AnyPlugin[]): DecisionPointView[] {
  const points: DecisionPointView[] = [];
  for (const plugin of plugins)
    for (const point of plugin.manifest.decisionPoints ?? []) {
      const taken = points.find((seen) => seen.id === point.id);
      if (taken)
        throw new Error(`Plugins "${taken.plugin}" and "${plugin.manifest.id}" both declare decision point "${point.id}": rename one`);
      points.push({
        id: point.id,
        label: point.label,
        description: point.description,
        plugin: plugin.manifest.id,
        arms: point.arms.map(({ value, label }) => ({ value, label })),
      });
    }
  return points;
}
