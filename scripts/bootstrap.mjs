#!/usr/bin/env node
// Dependency-free bootstrap behind `npm start` and `npm test`.
//
// It runs on whatever Node the machine has (it uses nothing but Node builtins), makes sure the
// project's own Node 24 and npm packages are there, then hands over to the TypeScript entry
// points in platform/ running on that Node. Everything it installs comes from package
// registries and is cached under .devstack/, so a fresh clone needs nothing done by hand.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const devstack = join(root, '.devstack');
const MIN_NODE = [22, 12];
const NODE_MAJOR = 24;

const log = (message) => console.log(`[bootstrap] ${message}`);

class BootstrapError extends Error {}

/** Runs a command to completion with inherited output; throws a readable error when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw new BootstrapError(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new BootstrapError(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

function versionAtLeast(version, [major, minor]) {
  const [a, b] = version.replace(/^v/, '').split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

/** Returns the directory of a Node >= 22.12, installing Node 24 from the npm registry if needed. */
function ensureNode() {
  if (versionAtLeast(process.version, MIN_NODE)) return dirname(process.execPath);
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = join(devstack, 'node');
  const binDir = join(prefix, 'node_modules', pkg, 'bin');
  if (!existsSync(join(binDir, 'node'))) {
    log(`Node ${process.version} is older than ${MIN_NODE.join('.')}: installing ${pkg}@${NODE_MAJOR} into .devstack/node`);
    mkdirSync(prefix, { recursive: true });
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pkg}@${NODE_MAJOR}`]);
  }
  const probe = spawnSync(join(binDir, 'node'), ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0 || !versionAtLeast(probe.stdout.trim(), MIN_NODE)) {
    throw new BootstrapError(`the Node installed in ${binDir} does not run; remove .devstack/node and retry`);
  }
  return binDir;
}

/** Installs the workspace's npm packages when the lockfile or the Node version changed. */
function ensurePackages(env, nodeVersion) {
  const lock = join(root, 'package-lock.json');
  const stampFile = join(root, 'node_modules', '.meetflow-install-stamp');
  const stamp = createHash('sha256')
    .update(existsSync(lock) ? readFileSync(lock) : readFileSync(join(root, 'package.json')))
    .update(nodeVersion)
    .digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  log('installing npm packages');
  run('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], { env });
  writeFileSync(stampFile, stamp);
}

/** Installs the Debian packages the tests drive (Chromium, docker-compose) when they are missing. */
function ensureTestSystemPackages() {
  const wanted = [
    ['chromium', '/usr/bin/chromium'],
    ['docker-compose', '/usr/bin/docker-compose'],
  ]
    .filter(([, path]) => !existsSync(path))
    .map(([name]) => name);
  if (wanted.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && spawnSync('sudo', ['-n', 'true']).status !== 0) {
    throw new BootstrapError(`the tests need ${wanted.join(' and ')}: run  sudo apt-get install -y ${wanted.join(' ')}`);
  }
  log(`installing ${wanted.join(', ')} from Debian's packages`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => (asRoot ? run('apt-get', args, { env }) : run('sudo', ['-n', 'apt-get', ...args], { env }));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...wanted]);
}

/** Runs a TypeScript entry point of the platform on the ensured Node; resolves to its exit code. */
function runEntry(nodeBin, env, entry, args = []) {
  return new Promise((resolve) => {
    const child = spawn(join(nodeBin, 'node'), ['--import', 'tsx', join(root, entry), ...args], {
      stdio: 'inherit',
      cwd: root,
      env,
    });
    // Ctrl-C reaches the child through the terminal's process group; the child decides how to stop.
    const ignore = () => {};
    process.on('SIGINT', ignore);
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const ENTRIES = {
  start: 'platform/dev/cli/start.ts',
  test: 'platform/dev/cli/test.ts',
  'test-faults': 'platform/dev/faults/main.ts',
  'new-plugin': 'platform/dev/cli/new-plugin.ts',
  'new-feature': 'platform/dev/cli/new-feature.ts',
  bench: 'platform/dev/bench/main.ts',
  mail: 'platform/dev/cli/mail.ts',
  eval: 'platform/dev/eval/main.ts',
  simulate: 'platform/dev/simulate/main.ts',
  lint: 'platform/dev/cli/lint.ts',
  format: 'platform/dev/cli/format.ts',
  'record-histories': 'platform/dev/cli/record-histories.ts',
  'api-types': 'platform/dev/cli/api-types.ts',
};

async function main() {
  const command = process.argv[2];
  if (!ENTRIES[command]) throw new BootstrapError(`usage: node scripts/bootstrap.mjs <${Object.keys(ENTRIES).join('|')}>`);
  const nodeBin = ensureNode();
  const env = { ...process.env, PATH: `${nodeBin}:${process.env.PATH ?? ''}` };
  const nodeVersion = spawnSync(join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  ensurePackages(env, nodeVersion);
  if (command === 'test') ensureTestSystemPackages();
  process.exitCode = await runEntry(nodeBin, env, ENTRIES[command], process.argv.slice(3));
}

main().catch((error) => {
  console.error(`[bootstrap] ${error instanceof BootstrapError ? error.message : error.stack}`);
  process.exitCode = 1;
});
