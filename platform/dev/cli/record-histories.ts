// `npm run record:histories [-- -t <case>]`: records the workflow histories the replay test replays
// (platform/dev/replay), with vitest and the test suite's servers, on the project's Node.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../src/core/paths.ts';

const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const config = join(repoRoot, 'platform', 'dev', 'replay', 'vitest.record.config.ts');
const result = spawnSync(process.execPath, [vitest, 'run', '--config', config, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: repoRoot,
});
process.exit(result.status ?? 1);
