// `npm run lint` (part of `npm test`): the boundaries between the packages, enforced.
//
// - a plugin imports only the SDK (and its own files): "a plugin never imports platform code";
// - the SDK imports no other Meetflow package;
// - workflow code imports nothing with I/O and no platform code (Temporal replays it in a sandbox);
// - the platform's product code reaches plugins only through the installed list (platform/src/features/runs/plugins/installed.ts),
//   and never imports its development tooling (platform/dev);
// - a UI feature imports another feature only through that feature's index.ts, never its internals.
//
// Package names are checked with ESLint's own no-restricted-imports; relative paths, which
// only a resolver can place, with eslint-plugin-import-x (no-relative-packages: no relative path
// into another package; no-restricted-paths: zones inside a package). typescript-eslint only parses:
// no type-aware rules, so the whole tree lints in seconds.
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'readline',
  'stream',
  'tls',
  'tty',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

// The UI features: each top-level folder of ui/src/features, named as the platform feature it serves
// (platform/dev/lint/feature-names.test.ts); its sub-folders (such as pipelines/editor) are inside it.
/** platform/src/features' domains, lowest first (platform/src/core/feature.ts DOMAINS; features.test.ts checks the same order). */
const DOMAIN_LAYERS = ['accounts', 'runs', 'insights', 'email', 'prospecting', 'revenue'];
const features = readdirSync(new URL('./ui/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The message of a boundary, saying what to do instead. */
const boundary = (rule, instead) => `${rule}: ${instead}`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.devstack/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'platform/dev/samples/sites/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
  },
  {
    files: ['plugins/*/**/*.{ts,tsx}'],
    ignores: ['plugins/sdk/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@meetflow/*', '!@meetflow/plugin-sdk', '!@meetflow/plugin-sdk/*'],
              message: boundary(
                'A plugin imports only @meetflow/plugin-sdk',
                'ask the platform for what you need through your deps, or move the shared code into the SDK',
              ),
            },
          ],
        },
      ],
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    // A plugin's tests may also start a local server the platform provisions, through its test
    // helpers (the CalDAV plugin's tests run against Radicale: platform/dev/testing/radicale.ts).
    files: ['plugins/*/src/**/*.test.ts'],
    ignores: ['plugins/sdk/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@meetflow/*',
                '!@meetflow/plugin-sdk',
                '!@meetflow/plugin-sdk/*',
                '!@meetflow/platform',
                '@meetflow/platform/*',
                '!@meetflow/platform/dev',
                '@meetflow/platform/dev/*',
                '!@meetflow/platform/dev/testing',
              ],
              message: boundary(
                "A plugin's test imports only @meetflow/plugin-sdk and the platform's test helpers (@meetflow/platform/dev/testing/*)",
                'ask the platform for what you need through your deps, or move the shared code into the SDK',
              ),
            },
          ],
        },
      ],
    },
  },
  {
    files: ['plugins/sdk/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@meetflow/*'],
              message: boundary('The SDK imports no other Meetflow package', 'plugins and the platform depend on it, never the other way'),
            },
          ],
        },
      ],
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    files: ['workflows/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['mongoose', 'mongodb', 'koa', '@temporalio/client', '@temporalio/worker', '@temporalio/activity', ...NODE_BUILTINS].map(
            (name) => ({
              name,
              message: boundary(
                'Workflow code does no I/O',
                'do it in an activity and declare its contract in workflows/src/activities.ts',
              ),
            }),
          ),
          patterns: [
            {
              group: ['node:*', '@koa/*'],
              message: boundary(
                'Workflow code does no I/O',
                'do it in an activity and declare its contract in workflows/src/activities.ts',
              ),
            },
            {
              group: ['@meetflow/platform', '@meetflow/platform/*', '@meetflow/plugin-*'],
              message: boundary(
                'Workflows import no platform or plugin code',
                "the workflows own their activities' contracts (workflows/src/activities.ts); the platform implements them",
              ),
            },
          ],
        },
      ],
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    files: ['platform/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'platform/src/features/runs/plugins/installed.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@meetflow/plugin-*', '!@meetflow/plugin-sdk', '!@meetflow/plugin-sdk/*'],
              message: boundary(
                'The platform never depends on one plugin',
                'call it through its activities (callPluginActivity) or a service its manifest declares (callPluginService), with the contract the SDK publishes (@meetflow/plugin-sdk/contracts/*); only features/runs/plugins/installed.ts names plugins',
              ),
            },
          ],
        },
      ],
    },
  },
  {
    files: ['platform/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './platform/src',
              from: './platform/dev',
              message: boundary('Product code never imports development tooling', 'move what the product needs into platform/src'),
            },
            // The domains build on each other in this order (README, Layout): none imports a later one.
            ...DOMAIN_LAYERS.flatMap((domain, index) =>
              DOMAIN_LAYERS.slice(index + 1).map((higher) => ({
                target: `./platform/src/features/${domain}`,
                from: `./platform/src/features/${higher}`,
                message: boundary(
                  `The ${domain} domain does not import ${higher}, which builds on it`,
                  `move the shared part down into ${domain} (or lower), or have the composition (platform/src/features/*.ts, api/, worker/) pass it in`,
                ),
              })),
            ),
            // A domain uses one below it only through what that one offers: its services.ts.
            ...DOMAIN_LAYERS.flatMap((lower, index) =>
              DOMAIN_LAYERS.slice(index + 1).map((higher) => ({
                target: `./platform/src/features/${higher}`,
                from: `./platform/src/features/${lower}`,
                except: ['./services.ts'],
                message: boundary(
                  `The ${higher} domain uses ${lower} only through its services (features/${lower}/services.ts)`,
                  `import it from there, adding the export to ${lower}'s services.ts when it is something ${lower} should offer`,
                ),
              })),
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['ui/src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.flatMap((feature) =>
            features
              .filter((other) => other !== feature)
              .map((other) => ({
                target: `./ui/src/features/${feature}`,
                from: `./ui/src/features/${other}`,
                except: ['./index.ts'],
                message: boundary(
                  "A UI feature does not reach into another's internals",
                  `import what ${other} offers from its index.ts, or move the shared part into ui/src/lib`,
                ),
              })),
          ),
        },
      ],
    },
  },
);
