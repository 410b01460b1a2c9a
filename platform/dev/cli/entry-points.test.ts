import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';

/** Runs an entry point the way npm start does, with extra environment, and returns how it ended. */
function runEntry(entry: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, entry)], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stderr: result.stderr };
}

describe.each(['platform/src/api/main.ts', 'platform/src/worker/main.ts', 'platform/dev/cli/start.ts', 'platform/dev/seed/main.ts'])(
  '%s',
  (entry) => {
    it('refuses to start on a bad environment variable, naming it', () => {
      const { code, stderr } = runEntry(entry, { PORT: 'abc', TEMPORAL_ADDRESS: 'no-port-here' });
      expect(code).toBe(1);
      expect(stderr).toContain('Invalid configuration:');
      expect(stderr).toContain('PORT="abc"');
      expect(stderr).toContain('TEMPORAL_ADDRESS="no-port-here": must be host:port');
    });
  },
);

describe.each(['platform/src/api/main.ts', 'platform/src/worker/main.ts'])('%s with a bad plugin setting', (entry) => {
  it('refuses to start, naming the plugin and the field', () => {
    // Nothing listens on port 1: the process must fail on the plugin check before it connects anywhere.
    const { code, stderr } = runEntry(entry, {
      MEETFLOW_PLUGINS_CONFIG: '{"lead-scoring":{"qualificationThreshold":"high"},"no-such-plugin":{}}',
      MONGODB_URI: 'mongodb://127.0.0.1:1/none',
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      PORT: '1',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid plugins:');
    expect(stderr).toContain('settings name plugin "no-such-plugin", which is not installed');
    expect(stderr).toMatch(/plugin "lead-scoring": config: .*qualificationThreshold/);
  });
});

describe('platform/dev/seed/main.ts', () => {
  it('exits at once, successfully, when the seed is off: nothing to wait for, nothing connected', () => {
    const { code } = runEntry('platform/dev/seed/main.ts', {
      MEETFLOW_SEED: 'off',
      MEETFLOW_SAMPLES_URL: 'http://127.0.0.1:1',
      MONGODB_URI: 'mongodb://127.0.0.1:1/none',
    });
    expect(code).toBe(0);
  });
});
