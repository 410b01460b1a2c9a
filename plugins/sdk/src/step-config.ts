import { z } from 'zod';
import type { PluginManifest } from './manifest.ts';

/**
 * The key (zod metadata, and so JSON Schema) marking a config field as one only the server's
 * settings set. Its value is `true` or why, in a few words.
 */
export const SERVER_ONLY = 'serverOnly';

const WHY_NOT_IN_A_STEP = "a pipeline's definition is written into workflow histories, where no secret may go";

/**
 * Marks a config field as set by the server's settings only (MEETFLOW_PLUGINS_CONFIG), never by
 * a pipeline step's `config`: a secret (a step's config is written into workflow histories), or
 * a setting that decides where one goes (a source's base URL: pointed elsewhere, the server's
 * API key would follow). `reason` says which, for the message a step that sets it gets. A
 * source's declared credentials are server-only without it. `reason` reads after the field's
 * name: "decides where the API key is sent".
 */
export function serverOnly<T extends z.ZodType>(schema: T, reason?: string): T {
  return schema.meta({ ...(schema.meta() ?? {}), [SERVER_ONLY]: reason ?? true }) as T;
}

/**
 * The config fields of a plugin a pipeline step may not set, each with why: the credentials its
 * source section declares, and every field marked `serverOnly`.
 */
export function serverOnlyFields(manifest: PluginManifest): Map<string, string> {
  const fields = new Map<string, string>();
  for (const credential of manifest.source?.credentials ?? []) {
    fields.set(credential.key, `holds a credential (${credential.label}) of ${manifest.source!.displayName}`);
  }
  for (const [key, schema] of Object.entries(manifest.config.shape as Record<string, z.ZodType>)) {
    const marked = (schema.meta() as Record<string, unknown> | undefined)?.[SERVER_ONLY];
    if (marked !== undefined && marked !== false && !fields.has(key)) {
      fields.set(key, typeof marked === 'string' ? marked : 'holds a secret');
    }
  }
  return fields;
}

/** JSON with object keys sorted (undefined members left out), so two equal values always read the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stableJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** One thing wrong with a step's config: the field (dotted, inside the config; `''` for the config as a whole) and why. */
export interface StepConfigProblem {
  field: string;
  message: string;
}

/** A step's config that does not fit its plugin, with every problem. */
export class StepConfigError extends Error {
  constructor(
    readonly pluginId: string,
    readonly problems: StepConfigProblem[],
  ) {
    super(
      `plugin "${pluginId}": step config: ${problems.map((problem) => (problem.field ? `${problem.field} ${problem.message}` : problem.message)).join('; ')}`,
    );
    this.name = 'StepConfigError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A plugin's config with a pipeline step's `config` over the server's settings for it (field by
 * field: a field the step sets replaces the server's whole), parsed by its config schema; or
 * every problem: a server-only field (a credential, a secret), a field the config does not
 * have, a value the schema refuses (the other fields are parsed all the same). `settings` is what the server was given for the plugin
 * (MEETFLOW_PLUGINS_CONFIG's entry, before parsing; defaults fill the rest).
 */
export function configWithStep(
  manifest: PluginManifest,
  settings: unknown,
  stepConfig: Record<string, unknown>,
): { config: unknown; problems: [] } | { config?: undefined; problems: StepConfigProblem[] } {
  const shape = manifest.config.shape as Record<string, z.ZodType>;
  const forbidden = serverOnlyFields(manifest);
  const problems: StepConfigProblem[] = [];
  const allowed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stepConfig)) {
    if (key in shape && !forbidden.has(key)) allowed[key] = value;
    const reason = forbidden.get(key);
    if (reason) {
      problems.push({
        field: key,
        message: `${reason}, so it is set in the server's settings only (MEETFLOW_PLUGINS_CONFIG), never in a step: ${WHY_NOT_IN_A_STEP}`,
      });
    } else if (!(key in shape)) {
      const settable = Object.keys(shape).filter((field) => !forbidden.has(field));
      problems.push({
        field: key,
        message: `is not a setting of ${manifest.name} (${settable.length > 0 ? `it has ${settable.join(', ')}` : 'it has none a step may set'})`,
      });
    }
  }
  const parsed = manifest.config.safeParse({ ...(isRecord(settings) ? settings : {}), ...allowed });
  if (parsed.success && problems.length === 0) return { config: parsed.data, problems: [] };
  for (const issue of parsed.error?.issues ?? []) {
    const inStep = issue.path.length > 0 && String(issue.path[0]) in allowed;
    problems.push({ field: inStep ? issue.path.map(String).join('.') : '', message: issue.message });
  }
  return { problems };
}
