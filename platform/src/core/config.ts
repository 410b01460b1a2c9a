import { z } from 'zod';
import { SECRETS_KEY_BYTES } from './secrets-box.ts';
import { resolve } from 'node:path';
import { repoRoot, uiDistDir } from './paths.ts';

/** The copywriter's model settings when the environment names none (the product spec's /agents values). */
export const LLM_DEFAULTS: LlmSettings = { model: 'gpt-4o-mini', temperature: 0.7, maxTokens: 2048 };
const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);
/** A port where 0 means any free one, chosen when that server starts (tests running beside `npm start`). */
const portOrAny = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

/** A comma-separated list of hosts (host or host:port), blanks dropped. */
const hostList = () =>
  z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    );

/** Every environment variable the platform reads, with its default and what it is for. */
const EnvSchema = z.object({
  /** Address the API binds to; 0.0.0.0 in containers. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Port of the API and the built UI (0: any free port). */
  PORT: portOrAny(3000),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An external MongoDB (docker-compose, production); unset means the embedded database. */
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// URI')
    .optional(),
  /** An external Temporal frontend as host:port; unset means the local dev server. */
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')
    .optional(),
  /** Temporal namespace the worker and client use. */
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /** Task queue of the Meetflow worker. */
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('meetflow'),
  /** Folder of the embedded servers' data (relative to the repo root unless absolute). */
  MEETFLOW_DATA_DIR: z.string().min(1).default('.data'),
  /** Folder of the built UI the API serves (default ui/dist; the dev stack builds it there when its sources changed). */
  MEETFLOW_UI_DIR: z.string().min(1).optional(),
  /** Port of the embedded database. */
  MEETFLOW_MONGO_PORT: port(27027),
  /** gRPC port of the local Temporal dev server. */
  MEETFLOW_TEMPORAL_PORT: port(7233),
  /** Port of the bundled sample customer sites `npm start` serves for the ICP builder demo ("off": none; 0: any free port). */
  MEETFLOW_SAMPLES_PORT: z
    .string()
    .default('3100')
    .refine((value) => value === 'off' || portOrAny(0).safeParse(value).success, 'must be a port (0-65535) or "off"')
    .transform((value) => (value === 'off' ? undefined : Number(value))),
  /** Companies in the built-in sample prospect database (about 3 people each), generated once at first start; 0 for none. */
  MEETFLOW_SAMPLE_COMPANIES: z.coerce.number().int().min(0).max(100_000).default(20_000),
  /** Where the sample sites are served (npm start sets it; compose names its samples service); unset: no first-start seed. */
  MEETFLOW_SAMPLES_URL: z.url().optional(),
  /** Where people reach this Meetflow from outside (links in sent emails: one-click unsubscribe); default http://localhost:PORT. */
  MEETFLOW_PUBLIC_URL: z.url().optional(),
  /** "off": `npm start` runs no local mail server (GreenMail) and the demo workspace gets no mailbox on it. */
  MEETFLOW_MAIL: z.enum(['on', 'off']).default('on'),
  /** SMTP port of the local mail server `npm start` runs (0: any free port). */
  MEETFLOW_MAIL_SMTP_PORT: portOrAny(3025),
  /** IMAP port of the local mail server `npm start` runs (0: any free port). */
  MEETFLOW_MAIL_IMAP_PORT: portOrAny(3143),
  /** Port of the local mail server's REST API, which `npm run mail` reads (0: any free port). */
  MEETFLOW_MAIL_API_PORT: portOrAny(3180),
  /** Port of the local CalDAV server (Radicale, with the demo owner's calendar) `npm start` runs (0: any free port; "off": none). */
  MEETFLOW_CALDAV_PORT: z
    .string()
    .default('5232')
    .refine((value) => value === 'off' || portOrAny(0).safeParse(value).success, 'must be a port (0-65535) or "off"')
    .transform((value) => (value === 'off' ? undefined : Number(value))),
  /** The demo workspace's mailbox server as host:smtpPort:imapPort (npm start sets it to its local mail server); unset: no demo mailbox. */
  MEETFLOW_DEMO_MAIL_SERVER: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}:\d{1,5}$/, 'must be host:smtpPort:imapPort')
    .optional(),
  /** Seconds between two reads of the mailboxes' IMAP inboxes. */
  MEETFLOW_IMAP_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  MEETFLOW_WORKER_ALIVE_FILE: z.string().min(1).optional(),
  /** "off": never seed the default workspace with sample prospects, even on a first start. */
  MEETFLOW_SEED: z.enum(['on', 'off']).default('on'),
  /** "off": `npm start` makes no demo owner of the default workspace (and prints no sign-in for one); unset: on, except with NODE_ENV=production. */
  MEETFLOW_DEMO: z.enum(['on', 'off']).optional(),
  /** The SMTP server the product's own emails (password resets, address verification) go out through: smtp:// or smtps://, credentials in the URL. */
  MEETFLOW_SYSTEM_MAIL_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587')
    .refine((text) => URL.canParse(text), 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587')
    .optional(),
  /** The From of those emails. */
  MEETFLOW_SYSTEM_MAIL_FROM: z.string().min(3).default('Meetflow <no-reply@meetflow.local>'),
  /** Sign-ups allowed per client address (IPv4, or IPv6 /64) per hour. */
  MEETFLOW_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** "on" behind one reverse proxy that sets X-Forwarded-For: the client's address is its last entry, the scheme X-Forwarded-Proto (sign-in limits, Secure cookies, HSTS). */
  MEETFLOW_TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  /** The key (32 bytes, base64) secrets such as mailbox passwords are encrypted with; unset outside production: one kept in the data folder. */
  MEETFLOW_SECRETS_KEY: z
    .string()
    .refine((text) => /^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, 'base64').length === SECRETS_KEY_BYTES, {
      message: `must be ${SECRETS_KEY_BYTES} random bytes in base64 (e.g. \`openssl rand -base64 32\`)`,
    })
    .transform((text) => Buffer.from(text, 'base64'))
    .optional(),
  /** "production": no development fallbacks (a missing MEETFLOW_SECRETS_KEY turns mailboxes off rather than making a key). */
  NODE_ENV: z.string().optional(),
  /** Port of the local Temporal Web UI, or "off" to run Temporal headless. */
  MEETFLOW_TEMPORAL_UI_PORT: z
    .string()
    .default('8233')
    .refine((value) => value === 'off' || port(0).safeParse(value).success, 'must be a port (1-65535) or "off"')
    .transform((value) => (value === 'off' ? undefined : Number(value))),
  /** Plugin settings as JSON keyed by plugin id, e.g. {"lead-scoring":{"qualificationThreshold":75}}. */
  MEETFLOW_PLUGINS_CONFIG: z
    .string()
    .default('{}')
    .transform((text, context) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        /* reported below */
      }
      context.addIssue({ code: 'custom', message: 'must be a JSON object keyed by plugin id' });
      return z.NEVER;
    }),
  /** Hosts (host or host:port, comma-separated) outbound HTTP may reach despite the SSRF guard: local demos only. */
  MEETFLOW_HTTP_ALLOW_HOSTS: hostList(),
  /** The secret key of the Stripe account Meetflow bills its workspaces through (sk_… or rk_…); unset: no invoice is issued. */
  MEETFLOW_STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)')
    .optional(),
  /** The PayPal REST app Meetflow may bill workspaces through (its client id and secret, both or neither); unset: no invoice goes through PayPal. */
  MEETFLOW_PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  MEETFLOW_PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /**
   * The OAuth clients (id and secret) accounts are connected with, one pair per provider, named by
   * the plugins' manifests (`oauth.clientIdEnv`, `clientSecretEnv`): these four for the calendars;
   * any other `MEETFLOW_*_CLIENT_ID` / `_CLIENT_SECRET` a plugin names is read the same way.
   */
  MEETFLOW_GOOGLE_CLIENT_ID: z.string().optional(),
  MEETFLOW_GOOGLE_CLIENT_SECRET: z.string().optional(),
  MEETFLOW_MICROSOFT_CLIENT_ID: z.string().optional(),
  MEETFLOW_MICROSOFT_CLIENT_SECRET: z.string().optional(),
  /**
   * Mail servers (host or host:port, comma-separated) mailboxes may use although they are not public
   * (private, loopback, link-local): `npm start` sets its local mail server's; local setups only.
   */
  MEETFLOW_MAIL_ALLOW_HOSTS: hostList(),
  /** A JSON file of the landing page's testimonials, customer logos and figures (relative to the repo root unless absolute); unset: none. */
  MEETFLOW_SOCIAL_PROOF: z.string().min(1).optional(),
  /** An OpenAI-compatible endpoint for the optional LLM copywriter; unset means deterministic templates only. */
  MEETFLOW_LLM_BASE_URL: z.url().optional(),
  /** API key of that endpoint. */
  MEETFLOW_LLM_API_KEY: z.string().optional(),
  /** Model name at that endpoint. */
  MEETFLOW_LLM_MODEL: z.string().default(LLM_DEFAULTS.model),
  /** Sampling temperature (the product's advanced settings: 0.7). */
  MEETFLOW_LLM_TEMPERATURE: z.coerce.number().min(0).max(2).default(LLM_DEFAULTS.temperature),
  /** Largest completion, in tokens (advanced settings: 2048). */
  MEETFLOW_LLM_MAX_TOKENS: z.coerce.number().int().min(1).default(LLM_DEFAULTS.maxTokens),
});

/** The variables, and what no single one of them says: one of PayPal's pair alone would leave PayPal off without saying why. */
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  for (const [set, unset] of [
    ['MEETFLOW_PAYPAL_CLIENT_ID', 'MEETFLOW_PAYPAL_CLIENT_SECRET'],
    ['MEETFLOW_PAYPAL_CLIENT_SECRET', 'MEETFLOW_PAYPAL_CLIENT_ID'],
  ] as const)
    if (env[set] !== undefined && env[unset] === undefined)
      context.addIssue({ code: 'custom', path: [unset], message: `must be set with ${set} (PayPal's REST app is both)` });
});

/** The platform's configuration, parsed once at start-up. */
export interface Config {
  host: string;
  port: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Database to connect to: the external one, or the embedded default's address. */
  mongoUri: string;
  /** True when MONGODB_URI was given and no embedded database should be started. */
  externalMongo: boolean;
  temporalAddress: string;
  /** True when TEMPORAL_ADDRESS was given and no local Temporal should be started. */
  externalTemporal: boolean;
  temporalNamespace: string;
  taskQueue: string;
  devstack: {
    dataDir: string;
    mongoPort: number;
    temporalPort: number;
    temporalUiPort?: number;
    samplesPort?: number;
    /** The local mail server's ports; undefined with MEETFLOW_MAIL=off. */
    mail?: { smtpPort: number; imapPort: number; apiPort: number };
    /** The local CalDAV server's port (0: any free one); undefined with MEETFLOW_CALDAV_PORT=off. */
    caldavPort?: number;
  };
  /** Folder of the built UI the API serves. */
  uiDir: string;
  /** Size of the built-in sample prospect database (companies). */
  sampleCompanies: number;
  /** Where the bundled sample sites are served (customer sites, sample company sites); null when nowhere. */
  samplesUrl: string | null;
  /** The first-start seed of the default workspace: where its sample sites are; null when it does not run. */
  seed: { samplesUrl: string } | null;
  /** Whether `npm start` makes the default workspace's demo owner and prints its sign-in. */
  demo: boolean;
  /** The product's own mail channel (password resets, address verification); null: such emails are not sent (and logged so). */
  systemMail: { url: string; from: string } | null;
  /** Sign-ups allowed per client address per hour. */
  signUpsPerHour: number;
  /** The server of the demo workspace's sample mailbox (both SMTP and IMAP, no TLS); null: none. */
  demoMailServer: { host: string; smtpPort: number; imapPort: number } | null;
  /** Seconds between two reads of the mailboxes' IMAP inboxes. */
  imapPollSeconds: number;
  /** A file the worker touches every 10 s while it runs, for a container health check; unset, none. */
  workerAliveFile?: string;
  /** Per-plugin settings, validated against each plugin's config schema by the plugin host. */
  plugins: Record<string, unknown>;
  /** Read the client's address and scheme from the proxy's X-Forwarded-* headers. */
  trustProxy: boolean;
  /** The key secrets are encrypted with (MEETFLOW_SECRETS_KEY); null when unset (see secrets-key.ts). */
  secretsKey: Buffer | null;
  /** Where people reach this Meetflow from outside (no trailing slash): the base of links in sent emails. */
  publicUrl: string;
  /** NODE_ENV=production: development fallbacks are off. */
  production: boolean;
  /** Hosts the SSRF guard lets through (local fixture servers). */
  httpAllowHosts: string[];
  /** The Stripe account's secret key invoices are issued with (MEETFLOW_STRIPE_SECRET_KEY); null: none is issued. */
  stripeSecretKey: string | null;
  /** The PayPal REST app invoices may be issued through (MEETFLOW_PAYPAL_CLIENT_ID / _SECRET); null: none goes through PayPal. */
  paypal: { clientId: string; clientSecret: string } | null;
  /**
   * Every `MEETFLOW_*_CLIENT_ID` and `MEETFLOW_*_CLIENT_SECRET` set, by variable name: the OAuth
   * clients the plugins' manifests name (features/revenue/oauth/clients.ts gives each plugin its pair).
   */
  oauthClients: Readonly<Record<string, string>>;
  /** Mail servers (host or host:port) the mailbox address policy lets through (npm start's local mail server). */
  mailAllowHosts: string[];
  /** The deployer's file of the landing page's social proof (MEETFLOW_SOCIAL_PROOF, resolved); null: none. */
  socialProofFile: string | null;
  /** The optional LLM endpoint; null when not configured. */
  llm: { baseUrl: string; apiKey?: string; model: string; temperature: number; maxTokens: number } | null;
  /** The copywriter's model settings whether or not an endpoint is set: what /agents shows as Advanced Settings. */
  llmSettings: LlmSettings;
}

/** The model settings the optional LLM copywriter runs with. */
export interface LlmSettings {
  model: string;
  temperature: number;
  maxTokens: number;
}

/** Variables whose value a message never repeats, even a bad one (a near-miss of a real key is still a secret). */
const SECRET_VARIABLES = new Set([
  'MEETFLOW_SECRETS_KEY',
  'MEETFLOW_LLM_API_KEY',
  'MEETFLOW_SYSTEM_MAIL_URL',
  'MEETFLOW_STRIPE_SECRET_KEY',
  'MEETFLOW_PAYPAL_CLIENT_SECRET',
]);

/** Bad environment: the message lists every offending variable at once. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function mailServerOf(text: string) {
  const [host, smtpPort, imapPort] = text.split(':');
  return { host: host!, smtpPort: Number(smtpPort), imapPort: Number(imapPort) };
}

/** Parses the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and compose files often leave them so.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = CheckedEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const shown = SECRET_VARIABLES.has(name) ? '(not shown)' : JSON.stringify(present[name] ?? '');
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const samplesUrl = e.MEETFLOW_SAMPLES_URL?.replace(/\/+$/, '') ?? null;
  const production = e.NODE_ENV === 'production';
  // A demo owner with a printed password has no place in production unless asked for.
  const demo = (e.MEETFLOW_DEMO ?? (production ? 'off' : 'on')) === 'on';
  return {
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    mongoUri: e.MONGODB_URI ?? `mongodb://127.0.0.1:${e.MEETFLOW_MONGO_PORT}/meetflow`,
    externalMongo: e.MONGODB_URI !== undefined,
    temporalAddress: e.TEMPORAL_ADDRESS ?? `127.0.0.1:${e.MEETFLOW_TEMPORAL_PORT}`,
    externalTemporal: e.TEMPORAL_ADDRESS !== undefined,
    temporalNamespace: e.TEMPORAL_NAMESPACE,
    taskQueue: e.TEMPORAL_TASK_QUEUE,
    uiDir: e.MEETFLOW_UI_DIR ? resolve(repoRoot, e.MEETFLOW_UI_DIR) : uiDistDir,
    devstack: {
      dataDir: e.MEETFLOW_DATA_DIR,
      mongoPort: e.MEETFLOW_MONGO_PORT,
      temporalPort: e.MEETFLOW_TEMPORAL_PORT,
      temporalUiPort: e.MEETFLOW_TEMPORAL_UI_PORT,
      samplesPort: e.MEETFLOW_SAMPLES_PORT,
      mail:
        e.MEETFLOW_MAIL === 'on'
          ? { smtpPort: e.MEETFLOW_MAIL_SMTP_PORT, imapPort: e.MEETFLOW_MAIL_IMAP_PORT, apiPort: e.MEETFLOW_MAIL_API_PORT }
          : undefined,
      caldavPort: e.MEETFLOW_CALDAV_PORT,
    },
    sampleCompanies: e.MEETFLOW_SAMPLE_COMPANIES,
    samplesUrl,
    seed: e.MEETFLOW_SEED === 'on' && samplesUrl && e.MEETFLOW_SAMPLE_COMPANIES > 0 ? { samplesUrl } : null,
    demo,
    demoMailServer: demo && e.MEETFLOW_DEMO_MAIL_SERVER ? mailServerOf(e.MEETFLOW_DEMO_MAIL_SERVER) : null,
    systemMail: e.MEETFLOW_SYSTEM_MAIL_URL ? { url: e.MEETFLOW_SYSTEM_MAIL_URL, from: e.MEETFLOW_SYSTEM_MAIL_FROM } : null,
    signUpsPerHour: e.MEETFLOW_SIGNUPS_PER_HOUR,
    imapPollSeconds: e.MEETFLOW_IMAP_POLL_SECONDS,
    workerAliveFile: e.MEETFLOW_WORKER_ALIVE_FILE,
    plugins: e.MEETFLOW_PLUGINS_CONFIG,
    trustProxy: e.MEETFLOW_TRUST_PROXY === 'on',
    secretsKey: e.MEETFLOW_SECRETS_KEY ?? null,
    publicUrl: (e.MEETFLOW_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    production,
    httpAllowHosts: e.MEETFLOW_HTTP_ALLOW_HOSTS,
    stripeSecretKey: e.MEETFLOW_STRIPE_SECRET_KEY ?? null,
    paypal:
      e.MEETFLOW_PAYPAL_CLIENT_ID && e.MEETFLOW_PAYPAL_CLIENT_SECRET
        ? { clientId: e.MEETFLOW_PAYPAL_CLIENT_ID, clientSecret: e.MEETFLOW_PAYPAL_CLIENT_SECRET }
        : null,
    oauthClients: Object.fromEntries(
      Object.entries(present).filter(
        (entry): entry is [string, string] => /^MEETFLOW_[A-Z0-9_]+_CLIENT_(ID|SECRET)$/.test(entry[0]) && typeof entry[1] === 'string',
      ),
    ),
    mailAllowHosts: e.MEETFLOW_MAIL_ALLOW_HOSTS,
    socialProofFile: e.MEETFLOW_SOCIAL_PROOF ? resolve(repoRoot, e.MEETFLOW_SOCIAL_PROOF) : null,
    llm: e.MEETFLOW_LLM_BASE_URL
      ? {
          baseUrl: e.MEETFLOW_LLM_BASE_URL,
          apiKey: e.MEETFLOW_LLM_API_KEY,
          model: e.MEETFLOW_LLM_MODEL,
          temperature: e.MEETFLOW_LLM_TEMPERATURE,
          maxTokens: e.MEETFLOW_LLM_MAX_TOKENS,
        }
      : null,
    llmSettings: { model: e.MEETFLOW_LLM_MODEL, temperature: e.MEETFLOW_LLM_TEMPERATURE, maxTokens: e.MEETFLOW_LLM_MAX_TOKENS },
  };
}

/** For entry points: the configuration, or the ConfigError's message on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
