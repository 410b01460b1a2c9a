import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';

/** Runs an entry point the way npm start does, with extra environment, and returns how it ended. */
function runEntry(entry: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, entry)], {
    env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000,
  });
  return { code: result.status, stderr: result.stderr };
}

describe.each(['platform/src/api/main.ts', 'platform/src/worker/main.ts', 'platform/src/cli/start.ts'])('%s', (entry) => {
  it('refuses to start on a bad environment variable, naming it', () => {
    const { code, stderr } = runEntry(entry, { PORT: 'abc', TEMPORAL_ADDRESS: 'no-port-here' });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('PORT="abc"');
    expect(stderr).toContain('TEMPORAL_ADDRESS="no-port-here": must be host:port');
  });
});
