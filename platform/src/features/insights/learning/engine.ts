import { LEARNING_ENGINE } from '@meetflow/plugin-sdk/contracts/agents';
import type mongoose from 'mongoose';
import type { PluginHost } from '../../runs/services.ts';
import type { CyclesModel } from './cycles.ts';

/** Where the learning engine is: the plugin host and the connection its collections are on. */
interface EngineHost {
  plugins: PluginHost;
  database: mongoose.Connection;
}

const installed = ({ plugins }: EngineHost) => plugins.installed(LEARNING_ENGINE.plugin);

/** The learning engine's stored cycles, when it is installed. */
export function learningCycles(host: EngineHost): CyclesModel | undefined {
  return installed(host) ? (host.plugins.models(LEARNING_ENGINE.plugin, host.database).cycles as CyclesModel) : undefined;
}

/** The learning engine's minimum sample size, or its default when it is not installed. */
export function minSampleSize(host: EngineHost): number {
  const config = installed(host) ? host.plugins.config(LEARNING_ENGINE.plugin) : null;
  const value = (config as { minSampleSize?: unknown } | null)?.minSampleSize;
  return typeof value === 'number' ? value : DEFAULT_MIN_SAMPLE_SIZE;
}
const DEFAULT_MIN_SAMPLE_SIZE = 100;
