// Checks docker-compose.yml as Compose itself reads it (`docker-compose config` validates the file
// and prints it normalised: anchors merged, ports and depends_on in long form), and that it agrees
// with the Dockerfile and ui/nginx.conf it relies on. No Docker engine is needed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RADICALE_VERSION } from './devstack/provision.ts';
import { WORKER_ENV, WORKER_NODE_FLAGS } from '../src/worker/node-flags.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  command?: string[];
  environment?: Record<string, string>;
  /** Long form, or docker-compose 1.x's short `[host_ip:]published:target[/protocol]` when it names a host address. */
  ports?: Array<{ published: number | string; target: number | string; host_ip?: string } | string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  /** Long form (Compose v2), or docker-compose 1.x's short `source:target[:mode]`. */
  volumes?: Array<{ type?: string; source?: string; target: string } | string>;
}

/** What `docker-compose config` prints: the services, and the named volumes they may mount. */
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Runs `docker-compose config` over the files (the first and its overlays); a missing docker-compose fails the run, it never skips it. */
function composeConfig(files: readonly string[] = ['docker-compose.yml']): ComposeFile {
  let printed: string;
  try {
    printed = execFileSync('docker-compose', [...files.flatMap((name) => ['-f', join(repoRoot, name)]), 'config'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'docker-compose is not installed, so docker-compose.yml cannot be validated: ' + 'run  apt-get install -y docker-compose',
      );
    }
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(`docker-compose rejects ${files.join(' + ')}:\n${stderr ?? String(error)}`);
  }
  return parse(printed) as ComposeFile;
}

/** A mount as `docker-compose config` prints it, either form. */
function mountOf(volume: NonNullable<ComposeService['volumes']>[number]): { source: string; target: string } {
  if (typeof volume !== 'string') return { source: volume.source ?? '', target: volume.target };
  const [source = '', target = ''] = volume.split(':');
  return { source, target };
}

/** The value of a long option (`--name value`) in a shell command line, or undefined. */
const optionOf = (script: string, name: string) => new RegExp(`(?:^|\\s)${name}\\s+(\\S+)`).exec(script)?.[1];

/** A published port as `docker-compose config` prints it, either form: on every interface unless `hostIp` says otherwise. */
interface PublishedPort {
  hostIp: string;
  published: number;
  target: number;
}
function publishedPort(port: NonNullable<ComposeService['ports']>[number]): PublishedPort {
  if (typeof port !== 'string')
    return { hostIp: port.host_ip ?? '0.0.0.0', published: Number(port.published), target: Number(port.target) };
  const parts = port.replace(/\/\w+$/, '').split(':');
  const [target, published, hostIp = '0.0.0.0'] = parts.reverse();
  return { hostIp, published: Number(published), target: Number(target) };
}

/** The `FROM <image> AS <name>` stage names of the Dockerfile. */
function dockerfileStages(): string[] {
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
  return [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((match) => match[1] ?? '');
}

/** The body of nginx's `location /api/` block. */
function nginxApiBlock(): string {
  const nginx = readFileSync(join(repoRoot, 'ui', 'nginx.conf'), 'utf8');
  return /location\s+\/api\/\s*\{([^}]*)\}/.exec(nginx)?.[1] ?? '';
}

/** The request headers nginx's `location /api/` block sets on what it passes to the api, by lower-case name. */
function nginxApiHeaders(): Record<string, string> {
  const lines = nginxApiBlock().matchAll(/^\s*proxy_set_header\s+(\S+)\s+(.+?);/gm);
  return Object.fromEntries([...lines].map(([, name = '', value = '']) => [name.toLowerCase(), value]));
}

/** Where nginx's `location /api/` block sends requests, with a `set $variable` upstream resolved. */
function nginxApiUpstream(): string | undefined {
  const block = nginxApiBlock();
  const target = /^\s*proxy_pass\s+(\S+);/m.exec(block)?.[1];
  if (!target?.startsWith('$')) return target;
  return new RegExp(`^\\s*set\\s+\\${target}\\s+(\\S+);`, 'm').exec(block)?.[1];
}

describe('docker-compose.yml', () => {
  // Loaded by each test rather than in beforeAll, so a missing docker-compose fails every test
  // with its message instead of reporting them skipped.
  let loaded: ComposeFile | undefined;
  const file = () => (loaded ??= composeConfig());
  const services = () => file().services;
  const service = (name: string): ComposeService => {
    const found = services()[name];
    if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
    return found;
  };
  const ports = (name: string) => (service(name).ports ?? []).map(publishedPort);

  it('runs exactly the product services', () => {
    expect(Object.keys(services()).sort()).toEqual(
      ['api', 'mongo', 'postgresql', 'radicale', 'samples', 'seed', 'temporal', 'temporal-ui', 'ui', 'worker'].sort(),
    );
  });

  it('uses MongoDB 7 or newer and pinned Temporal images', () => {
    const mongoMajor = Number(/^mongo:(\d+)/.exec(service('mongo').image ?? '')?.[1]);
    expect(mongoMajor).toBeGreaterThanOrEqual(7);
    expect(service('postgresql').image).toMatch(/^postgres:\d+/);
    expect(service('temporal').image).toMatch(/^temporalio\/auto-setup:\d+\.\d+\.\d+$/);
    expect(service('temporal-ui').image).toMatch(/^temporalio\/ui:\d+\.\d+\.\d+$/);
  });

  it('builds api, worker and ui from this repository, at stages the Dockerfile defines', () => {
    const stages = dockerfileStages();
    for (const [name, target] of [
      ['api', 'platform'],
      ['worker', 'platform'],
      ['samples', 'platform'],
      ['ui', 'ui'],
    ] as const) {
      expect(service(name).build, name).toEqual({ context: resolve(repoRoot), target });
      expect(stages, `Dockerfile stage ${target}`).toContain(target);
    }
    // The worker's Node and V8 flags and environment are written out in the compose file: they must be the ones every other start uses.
    expect(service('worker').command).toEqual(['node', ...WORKER_NODE_FLAGS, '--import', 'tsx', 'platform/src/worker/main.ts']);
    expect(service('worker').environment).toMatchObject(WORKER_ENV);
    expect(service('samples').command).toEqual(['node', '--import', 'tsx', 'platform/dev/samples/main.ts']);
    expect(service('seed').command).toEqual(['node', '--import', 'tsx', 'platform/dev/seed/main.ts']);
  });

  it('seeds from the samples service, which the worker alone may fetch from', () => {
    const samples = service('samples').environment ?? {};
    const origin = `samples:${samples.MEETFLOW_SAMPLES_PORT}`;
    expect(samples.HOST).toBe('0.0.0.0');
    expect(service('api').environment?.MEETFLOW_SAMPLES_URL).toBe(`http://${origin}`);
    expect(service('seed').environment?.MEETFLOW_SAMPLES_URL).toBe(`http://${origin}`);
    expect(service('seed').depends_on?.api).toEqual(expect.objectContaining({ condition: 'service_healthy' }));
    const radicale = `radicale:${optionOf((service('radicale').command ?? []).join(' '), '--server-hosts')?.split(':')[1]}`;
    // Beside the samples, the one private host each may reach is the CalDAV server a user connects as their calendar.
    expect(service('worker').environment?.MEETFLOW_HTTP_ALLOW_HOSTS?.split(',')).toEqual([origin, radicale]);
    expect(service('api').environment?.MEETFLOW_HTTP_ALLOW_HOSTS?.split(',')).toEqual([radicale]);
  });

  it("runs Radicale for the rep's calendar: the bootstrap's version on the official Python image, htpasswd logins, calendars in a volume", () => {
    const radicale = service('radicale');
    expect(radicale.image).toBe('python:3.12-slim');
    const script = (radicale.command ?? []).join(' ');
    // The version npm start's bootstrap installs, so both run the same server.
    expect(/\bpip install\b[^\n]*\sradicale==(\S+)/.exec(script)?.[1]).toBe(RADICALE_VERSION);
    expect(script).toMatch(/\bexec python -m radicale\b/);
    expect(optionOf(script, '--server-hosts')).toBe('0.0.0.0:5232');
    expect(optionOf(script, '--auth-type')).toBe('htpasswd');
    expect(optionOf(script, '--rights-type')).toBe('owner_only');
    // The logins and the calendars live in a named volume, so they outlive the container.
    const mounts = (radicale.volumes ?? []).map(mountOf);
    expect(mounts).toHaveLength(1);
    const [{ source, target }] = mounts as [{ source: string; target: string }];
    expect(Object.keys(file().volumes ?? {})).toContain(source);
    for (const option of ['--auth-htpasswd-filename', '--storage-filesystem-folder'])
      expect(optionOf(script, option), option).toMatch(new RegExp(`^${target}/`));
    // No password in the file: the user's .env sets it, or the first start makes one.
    const raw = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8')) as ComposeFile;
    expect(raw.services.radicale?.environment?.RADICALE_PASSWORD).toBe('${RADICALE_PASSWORD:-}');
    expect(radicale.healthcheck?.test.join(' ')).toContain('5232');
  });

  it('publishes only the UI on every interface, the Temporal UI and CalDAV on loopback alone, and neither the API nor Temporal', () => {
    expect(ports('ui')).toEqual([{ hostIp: '0.0.0.0', published: 8080, target: 80 }]);
    expect(ports('temporal-ui')).toEqual([{ hostIp: '127.0.0.1', published: 8233, target: 8080 }]);
    expect(ports('radicale')).toEqual([{ hostIp: '127.0.0.1', published: 5232, target: 5232 }]);
    // The api trusts the X-Forwarded-For nginx sets: reachable directly, a client could claim any address.
    const everywhere = Object.keys(services()).filter((name) => ports(name).some(({ hostIp }) => hostIp !== '127.0.0.1'));
    expect(everywhere).toEqual(['ui']);
    expect(ports('api')).toEqual([]);
    expect(ports('temporal')).toEqual([]);
    expect(service('api').environment?.MEETFLOW_TRUST_PROXY).toBe('on');
  });

  it('points the api and the worker at the mongo and temporal services', () => {
    for (const name of ['api', 'worker']) {
      const env = service(name).environment ?? {};
      expect(new URL(env.MONGODB_URI ?? '').hostname, name).toBe('mongo');
      expect(env.TEMPORAL_ADDRESS, name).toBe('temporal:7233');
      expect(Object.keys(service(name).depends_on ?? {}), name).toEqual(expect.arrayContaining(['mongo', 'temporal']));
    }
    // The one secrets key both read (mailbox passwords the api encrypts, the worker decrypts to send), from the user's .env.
    for (const name of ['api', 'worker']) expect(service(name).environment, name).toHaveProperty('MEETFLOW_SECRETS_KEY');
    // Links in sent emails point at the ui's published port, the api having none (default http://localhost:8080).
    for (const name of ['api', 'worker']) expect(service(name).environment?.MEETFLOW_PUBLIC_URL, name).toMatch(/^https?:\/\//);
    const api = service('api').environment ?? {};
    expect(api.HOST).toBe('0.0.0.0');
    expect(nginxApiUpstream()).toBe(`http://api:${api.PORT}`);
    expect(service('temporal-ui').environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(Object.keys(service('temporal').depends_on ?? {})).toContain('postgresql');
    expect(Object.keys(service('ui').depends_on ?? {})).toContain('api');
  });

  // `config` accepts a service_healthy dependency on a service without a healthcheck; `up` does not.
  it('defines a healthcheck on every service that another waits for as healthy', () => {
    for (const [name, { depends_on: dependsOn = {} }] of Object.entries(services())) {
      for (const [dependency, { condition }] of Object.entries(dependsOn)) {
        if (condition !== 'service_healthy') continue;
        expect(service(dependency).healthcheck, `${name} waits for ${dependency}`).toBeDefined();
      }
    }
  });

  it('restarts every long-running service that stops, and checks the health of the api and the worker', () => {
    for (const [name, { restart }] of Object.entries(services())) {
      expect(restart, name).toBe(name === 'seed' ? 'on-failure' : 'unless-stopped');
    }
    expect(service('api').healthcheck?.test.join(' ')).toContain('/api/health');
    const aliveFile = service('worker').environment?.MEETFLOW_WORKER_ALIVE_FILE;
    expect(aliveFile).toMatch(/^\/tmp\//);
    expect(service('worker').healthcheck?.test.join(' ')).toContain(aliveFile);
  });

  it('has the ui image proxy /api/ to the api service, unbuffered for Server-Sent Events', () => {
    expect(nginxApiUpstream()).toBe(`http://api:${service('api').environment?.PORT}`);
    const nginx = readFileSync(join(repoRoot, 'ui', 'nginx.conf'), 'utf8');
    expect(nginx).toMatch(/proxy_buffering\s+off;/);
    expect(nginx).toMatch(/try_files\s+\$uri\s+\$uri\/\s+\/index\.html;/);
    expect(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8')).toMatch(/^COPY ui\/nginx\.conf \/etc\/nginx\/conf\.d\/default\.conf$/m);
  });

  it('has nginx set X-Forwarded-For to the address it was reached from, the one entry the api trusts', () => {
    const headers = nginxApiHeaders();
    // Set, not appended to ($proxy_add_x_forwarded_for): what a client sends in the header never reaches the api.
    expect(headers['x-forwarded-for']).toBe('$remote_addr');
    expect(headers['x-forwarded-proto']).toBe('$scheme');
    expect(headers.host).toBe('$host');
    expect(readFileSync(join(repoRoot, 'ui', 'nginx.conf'), 'utf8')).not.toContain('$proxy_add_x_forwarded_for');
  });
});

describe('docker-compose.scale.yml over it', () => {
  let loaded: ComposeFile | undefined;
  const services = () => (loaded ??= composeConfig(['docker-compose.yml', 'docker-compose.scale.yml'])).services;

  it('runs MongoDB as a replica set that makes itself on the first start, and every service on it connects as to one', () => {
    const mongo = services().mongo!;
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(mongo.healthcheck?.test.join(' ')).toContain("rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })");
    const onMongo = Object.entries(services()).filter(([, service]) => service.environment?.MONGODB_URI);
    expect(onMongo.map(([name]) => name).sort()).toEqual(['api', 'seed', 'worker']);
    for (const [name, service] of onMongo)
      expect(new URL(service.environment!.MONGODB_URI!).searchParams.get('replicaSet'), name).toBe('rs0');
  });

  it('leaves the worker scalable: no fixed name, no published port, the one task queue, the rest as docker-compose.yml has it', () => {
    const worker = services().worker! as ComposeService & { container_name?: string };
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports ?? []).toEqual([]);
    const base = composeConfig().services.worker!;
    expect(worker.environment?.TEMPORAL_TASK_QUEUE).toBe(base.environment?.TEMPORAL_TASK_QUEUE);
    expect({ ...worker.environment, MONGODB_URI: base.environment?.MONGODB_URI }).toEqual(base.environment);
    expect(worker.command).toEqual(base.command);
  });
});
