// Schemathesis (PyPI), pinned, in a Python venv of its own under .devstack/python/schemathesis:
// installed once by whoever needs it first (the fuzz test, the fuzz bench) and reused while the
// pinned version matches.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProvisionError, requireTool } from '../devstack/provision.ts';
import { isAlive } from '../devstack/managed-process.ts';
import { devstackDir, repoRoot } from '../../src/core/paths.ts';

/** The Schemathesis release the fuzz test runs. */
export const SCHEMATHESIS_VERSION = '4.32.5';

const venvDir = join(devstackDir, 'python', 'schemathesis');
const stampFile = join(venvDir, '.meetflow-stamp');
const lockDir = join(devstackDir, 'python', 'schemathesis.lock');

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new ProvisionError(`${what} failed (${command} ${args.join(' ')}):\n${result.error?.message ?? output}`);
  }
}

/** The `st` executable, when the venv holds the pinned version. */
function installed(): string | undefined {
  const st = join(venvDir, 'bin', 'st');
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== SCHEMATHESIS_VERSION || !existsSync(st)) return undefined;
  return st;
}

async function withLock<T>(work: () => T): Promise<T> {
  mkdirSync(join(devstackDir, 'python'), { recursive: true });
  for (let waited = 0; ; waited += 250) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(join(lockDir, 'pid'), 'utf8')) || 0;
      } catch {
        // The pid file may lag the folder briefly.
      }
      const stale = holder ? !isAlive(holder) : waited > 5_000;
      if (stale || waited > 600_000) rmSync(lockDir, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Returns the path of Schemathesis's `st` CLI, first creating the venv (`python3 -m venv`) and
 * installing `schemathesis==SCHEMATHESIS_VERSION` from PyPI into it when it is not there yet.
 * Throws a ProvisionError saying what to install when python3 or its venv module is missing.
 */
export async function provisionSchemathesis(log: (message: string) => void = () => {}): Promise<string> {
  const ready = installed();
  if (ready) return ready;
  return withLock(() => {
    const again = installed();
    if (again) return again;
    requireTool('python3', 'apt-get install -y python3 python3-venv');
    log(`installing Schemathesis ${SCHEMATHESIS_VERSION} from PyPI into .devstack/python/schemathesis`);
    rmSync(venvDir, { recursive: true, force: true });
    run('python3', ['-m', 'venv', venvDir], 'creating the Schemathesis venv (apt-get install -y python3-venv)');
    run(
      join(venvDir, 'bin', 'pip'),
      ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`],
      `pip install schemathesis==${SCHEMATHESIS_VERSION}`,
    );
    run(join(venvDir, 'bin', 'st'), ['--version'], 'running the installed Schemathesis');
    writeFileSync(stampFile, SCHEMATHESIS_VERSION);
    const st = installed();
    if (!st) throw new ProvisionError(`Schemathesis was installed but ${join(venvDir, 'bin', 'st')} is missing`);
    return st;
  });
}
