import type { WorkspaceConfigEntry, workspaceConfigModels } from './model.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { CONFIG_DEFAULTS, CONFIG_KEYS, CONFIG_SCHEMAS, type ConfigKey, type WorkspaceConfig } from './schemas.ts';

/** The models the config store needs. */
export type ConfigStoreDb = ReturnType<typeof workspaceConfigModels>;

/** One entry as the API shows it. */
export interface ConfigEntry<K extends ConfigKey = ConfigKey> {
  configKey: K;
  configValue: WorkspaceConfig[K];
}

const copy = <T>(value: T): T => structuredClone(value);

/** Checks a key named by a request: an unknown one is a 404 naming it and the known keys. */
export function configKeyOf(key: string): ConfigKey {
  if ((CONFIG_KEYS as string[]).includes(key)) return key as ConfigKey;
  throw new NotFoundError(`Unknown config key "${key}"; the known keys are ${CONFIG_KEYS.join(', ')}`);
}

/**
 * A stored value read through its key's schema, so a field added since it was saved (with a zod
 * default) is filled in. One that no longer passes is served as stored, as it always was.
 */
function storedValue(entry: WorkspaceConfigEntry): unknown {
  const parsed = CONFIG_SCHEMAS[entry.configKey as ConfigKey].safeParse(entry.configValue);
  return parsed.success ? parsed.data : entry.configValue;
}

/** The workspace's config values in force: stored ones, the spec defaults for the rest. */
export async function getWorkspaceConfig(db: ConfigStoreDb, workspaceId: string): Promise<WorkspaceConfig> {
  const stored = await db.workspaceConfig.find({ workspaceId, configKey: { $in: CONFIG_KEYS } }).lean<WorkspaceConfigEntry[]>();
  const config = copy(CONFIG_DEFAULTS);
  for (const entry of stored) Object.assign(config, { [entry.configKey]: storedValue(entry) });
  return config;
}

/** The config as the API lists it: one entry per known key, in a fixed order. */
export function configEntries(config: WorkspaceConfig): ConfigEntry[] {
  return CONFIG_KEYS.map((configKey) => ({ configKey, configValue: config[configKey] }));
}

/** Validates and stores one value (an upsert on the key); a bad value throws a ZodError naming the field. */
export async function setWorkspaceConfig<K extends ConfigKey>(
  db: ConfigStoreDb,
  workspaceId: string,
  configKey: K,
  value: unknown,
): Promise<ConfigEntry<K>> {
  const configValue = CONFIG_SCHEMAS[configKey].parse(value) as WorkspaceConfig[K];
  await db.workspaceConfig.updateOne({ workspaceId, configKey }, { $set: { configValue } }, { upsert: true });
  return { configKey, configValue };
}

/** Puts one key back to its spec default (the /agents "Reset to Defaults"). */
export async function resetWorkspaceConfig<K extends ConfigKey>(
  db: ConfigStoreDb,
  workspaceId: string,
  configKey: K,
): Promise<ConfigEntry<K>> {
  await db.workspaceConfig.deleteOne({ workspaceId, configKey });
  return { configKey, configValue: copy(CONFIG_DEFAULTS[configKey]) };
}
