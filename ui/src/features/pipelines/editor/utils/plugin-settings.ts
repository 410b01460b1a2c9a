import type { PipelineNode } from '../../api/types.ts';
import type { PluginDescription } from '../../../plugins/index.ts';
import { mappingFields, type MappingField } from './mapping-fields.ts';
import { fieldMessage, type PlacedProblem } from './problems.ts';

/** A plugin's config as GET /api/plugins describes it. */
export type PluginConfig = PluginDescription['config'];

/** One setting a step may set for itself: its field (top level only; an object is one JSON value) and the server's value. */
export interface SettingField extends MappingField {
  /** What the step runs with when it leaves the field empty: the server's value, else the default. */
  serverValue: unknown;
}

/** Past this many settings, the section starts folded unless the step sets one. */
export const FOLD_PAST = 4;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The settings a step may set, from its plugin's config JSON Schema, in schema order: every
 * top-level field but the server-only ones (credentials, secrets), each with the server's value.
 * An object or list is set whole, as JSON (a step's setting replaces the server's whole value).
 */
export function settingFields(config: PluginConfig | undefined): SettingField[] {
  if (!config) return [];
  const serverOnly = new Set(config.serverOnly);
  const values = isRecord(config.values) ? config.values : {};
  const defaults = isRecord(config.defaults) ? config.defaults : {};
  return mappingFields(config.schema, '', 0)
    .filter((field) => !serverOnly.has(field.key))
    .map((field) => ({ ...field, serverValue: field.key in values ? values[field.key] : defaults[field.key] }));
}

/** The server's value as a field's placeholder shows it: text as is, a switch as on/off, the rest as JSON on one line that wraps between entries. */
export function serverValueText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return JSON.stringify(value, null, 1)?.replace(/\s*\n\s*/g, ' ') ?? '';
}

/** A copy of `node` with its own setting `key` set to `value`, or dropped when `value` is undefined (a config left empty goes). */
export function withSetting(node: PipelineNode, key: string, value: unknown): PipelineNode {
  const { config: current, ...rest } = node;
  const config: Record<string, unknown> = { ...current };
  if (value === undefined) delete config[key];
  else config[key] = value;
  return Object.keys(config).length > 0 ? { ...rest, config } : rest;
}

/** A copy of `node` without settings of its own: it runs with the server's. */
export function withoutSettings(node: PipelineNode): PipelineNode {
  const { config: _dropped, ...rest } = node;
  return rest;
}

/** How many settings the step sets itself. */
export const settingsSet = (node: PipelineNode): number => Object.keys(node.config ?? {}).length;

/** Where a problem is inside a step's config: `config.factor` → `factor`, `config.weights.a` → `weights.a`, `config` → `''`; null elsewhere. */
function configPath(problem: PlacedProblem): string | null {
  const field = problem.field ?? '';
  if (field === 'config') return '';
  return field.startsWith('config.') ? field.slice('config.'.length) : null;
}

/** True for a problem of the step's config (the whole, or one of its fields). */
export const isSettingsProblem = (problem: PlacedProblem): boolean => configPath(problem) !== null;

/**
 * The problems of a step's config, split for the form: under each shown setting (a problem inside
 * an object setting names its inner field), and the rest (the config as a whole, a field the form
 * does not offer), worded with the field they are about.
 */
export function settingsProblems(
  problems: readonly PlacedProblem[] | undefined,
  shown: readonly string[],
): { byField: Map<string, string[]>; other: string[] } {
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const problem of problems ?? []) {
    const path = configPath(problem);
    if (path === null) continue;
    const [key = '', ...inner] = path.split('.');
    const message = fieldMessage(problem.message);
    if (key && shown.includes(key))
      byField.set(key, [...(byField.get(key) ?? []), inner.length ? `${inner.join('.')}: ${message}` : message]);
    else other.push(key ? `${path}: ${message}` : message);
  }
  return { byField, other };
}
