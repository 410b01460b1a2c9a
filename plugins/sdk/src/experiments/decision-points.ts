// Decision points (issue #33): what a plugin lets an experiment decide per prospect. The plugin
// that acts on the choice declares it in its manifest; the platform offers the installed ones on
// the experiments form, checks an experiment's arms against them, and hands the chosen value to
// the activity in its input's `decisions` object, keyed by the decision point's id.

/** One value an experiment may try at a decision point. */
export interface DecisionArm {
  /** What the activity receives, e.g. a template id or a number of days as a string. */
  value: string;
  /** How the experiments form names it. */
  label: string;
}

/** A decision a plugin's activity really makes differently for each value. */
export interface DecisionPointDefinition {
  /** kebab-case, unique among the installed plugins: what an experiment names. */
  id: string;
  /** How the form names it, e.g. "First email's template". */
  label: string;
  /** One line: what changes for the prospect with each value. */
  description: string;
  /** The activity of the same plugin that acts on it: it takes `decisions: { [id]: value }` in its input. */
  activity: string;
  /** The values it may take (at least two, each value once). */
  arms: readonly DecisionArm[];
}

/** The field of an activity's input the chosen values come in. */
export const DECISIONS_FIELD = 'decisions';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Everything wrong with a manifest's decision points, as readable lines (empty when valid). */
export function decisionPointProblems(points: unknown, activities: Record<string, { input?: unknown }>): string[] {
  if (points === undefined) return [];
  if (!Array.isArray(points)) return ['decisionPoints is not a list'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const point of points as Partial<DecisionPointDefinition>[]) {
    const name = typeof point?.id === 'string' ? `decision point "${point.id}"` : 'a decision point';
    if (typeof point?.id !== 'string' || !KEBAB.test(point.id)) problems.push(`${name}: id is not kebab-case`);
    else if (seen.has(point.id)) problems.push(`${name} is declared twice`);
    else seen.add(point.id);
    if (!point?.label || !point.description) problems.push(`${name} needs a label and a description`);
    const activity = typeof point?.activity === 'string' ? activities[point.activity] : undefined;
    const shape = (activity?.input as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (!activity) problems.push(`${name}: activity ${JSON.stringify(point?.activity)} is not one of the plugin's`);
    else if (!shape || !(DECISIONS_FIELD in shape))
      problems.push(`${name}: activity "${point.activity}" takes no "${DECISIONS_FIELD}" in its input, so it cannot act on the choice`);
    const values = Array.isArray(point?.arms) ? point.arms.map((arm) => arm?.value) : [];
    if (values.length < 2) problems.push(`${name} needs at least two arms`);
    if (values.some((value) => typeof value !== 'string' || value.length === 0)) problems.push(`${name}: every arm needs a value`);
    else if (new Set(values).size !== values.length) problems.push(`${name}: two arms share a value`);
  }
  return problems;
}
