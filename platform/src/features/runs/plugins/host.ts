import {
  bindActivities,
  configuredActivities,
  configWithStep,
  describePlugin,
  PluginManifestError,
  validatePlugins,
  type BoundActivity,
  type Clock,
  type HttpClient,
  type LlmClient,
  type Logger,
  type ManifestDescription,
  type AnyPlugin,
  type ActivityContext,
  type ActivityAccess,
  type RunContext,
  type SourceCredential,
  type ConfiguredActivities,
  type StepConfigProblem,
  StepConfigError,
  CHANNEL_SEND_ACTIVITY,
  CHANNEL_VERIFY_ACTIVITY,
  CALENDAR_ACTIVITIES,
  CALENDAR_NOTIFICATION_ACTIVITIES,
  type CalendarCredential,
  CRM_ACTIVITIES,
  type CrmCredential,
} from '@meetflow/plugin-sdk';
import type { Connection, Model } from 'mongoose';
import type { ActivityOptions } from '../pipelines/definition.ts';
import type { JsonSchema } from '../pipelines/mapping-types.ts';
import { z } from 'zod';

/** What the host injects into every plugin, besides each one's own config and models. */
export interface HostServices {
  connection: Connection;
  http: HttpClient;
  logger: Logger & { child(bindings: object): Logger };
  clock: Clock;
  llm: LlmClient | null;
}

// A service runs in the API process: it reads, it never calls out or heartbeats.
const NO_HTTP: HttpClient = {
  request: (url) => Promise.reject(new Error(`a plugin service may not make HTTP requests (asked for ${url})`)),
};
const SILENT: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const serviceContext = (): Omit<ActivityContext, 'run'> => ({
  heartbeat: () => {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});

/**
 * A plugin as GET /api/plugins describes it: a source's credentials say whether each is set, never
 * its value; its config also gives the values in force on this server, server-only fields left out.
 */
export type PluginDescription = Omit<ManifestDescription, 'source' | 'config'> & {
  source?: NonNullable<ManifestDescription['source']> & {
    credentials: Array<SourceCredential & { set: boolean }>;
    standIn: boolean;
    configured: boolean;
  };
  config: ManifestDescription['config'] & { values: Record<string, unknown> };
};

/**
 * A plugin's activities bound with a pipeline step's `config` over the server's settings (see
 * PluginHost.stepActivities); throws StepConfigError when that config does not fit the plugin.
 */
export type StepActivities = (pluginId: string, stepConfig: Record<string, unknown>) => Record<string, BoundActivity>;

/** A channel bound to be called in the platform's own process (see PluginHost.channel). */
export interface InProcessChannel {
  pluginId: string;
  send: BoundActivity;
  verify: BoundActivity;
}

/** A calendar plugin bound to be called in the platform's own process (see PluginHost.calendar): each activity takes `{ account, … }`. */
export interface InProcessCalendar {
  pluginId: string;
  displayName: string;
  /** The fields of one account (a secret one is sealed by the platform, never returned). */
  credentials: CalendarCredential[];
  /** How a wrong credential shows, in the plugin's words. */
  credentialsTest: string;
  /** True for a calendar connected with OAuth 2.0 (its manifest's `calendar.oauth`) rather than typed fields. */
  oauth: boolean;
  /** The schema of one account (the `account` every activity takes): what a connect form is checked with. */
  accountSchema: z.ZodType;
  activities: Record<(typeof CALENDAR_ACTIVITIES)[number], BoundActivity>;
  /** Its change-notification activities (contracts/calendar CALENDAR_NOTIFICATION_ACTIVITIES), or null when it has none (CalDAV). */
  notifications: Record<(typeof CALENDAR_NOTIFICATION_ACTIVITIES)[number], BoundActivity> | null;
}

/** A payments plugin bound to be called in the platform's own process (see PluginHost.payments): each activity takes `{ account, … }`. */
export interface InProcessPayments {
  pluginId: string;
  displayName: string;
  /** False for a provider whose invoices are paid on its own page only (PayPal): no payment method is saved ahead. */
  savesMethods: boolean;
  /** Its activities by their names in the contract (createInvoice, finalizeAndCollect, parseWebhook…). */
  activities: Record<string, BoundActivity>;
}

/** A CRM plugin bound to be called in the platform's own process (see PluginHost.crm): each activity takes `{ account, … }`. */
export interface InProcessCrm {
  pluginId: string;
  displayName: string;
  /** The fields of one account (a secret one is sealed by the platform, never returned). */
  credentials: CrmCredential[];
  credentialsTest: string;
  /** The account field OAuth tokens go in (its manifest's `crm.oauth.tokensField`); null: it connects with typed fields only. */
  oauthTokensField: string | null;
  /** The schema of one account (the `account` every activity takes): what a connect form is checked with. */
  accountSchema: z.ZodType;
  activities: Record<(typeof CRM_ACTIVITIES)[number], BoundActivity>;
}

const isSet = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Collection a plugin's model lives in: prefixed by the plugin, so two plugins never share one. */
export function collectionName(pluginId: string, name: string): string {
  return `plugin_${pluginId.replaceAll('-', '_')}_${name}`;
}

/**
 * The loaded plugins: validated once at start-up (a bad manifest, a duplicate id, a clashing
 * activity or a bad config value stops start-up with a message naming the plugin).
 */
export class PluginHost {
  /** Plugins bound for service calls, per connection (see servicesOf). */
  private readonly boundServices = new WeakMap<Connection, Map<string, Record<string, BoundActivity>>>();

  /** The namespaced names of the activities the platform calls only in its own process (never on the worker, never in a pipeline). */
  private readonly inProcess: ReadonlySet<string>;

  private constructor(
    readonly plugins: readonly AnyPlugin[],
    private readonly configs: ReadonlyMap<string, unknown>,
    /** What each plugin was given (MEETFLOW_PLUGINS_CONFIG's entries, before parsing): a step's config goes over it. */
    private readonly settings: Readonly<Record<string, unknown>>,
  ) {
    this.inProcess = new Set(
      plugins.flatMap((plugin) =>
        Object.entries(plugin.manifest.activities)
          .filter(([, definition]) => definition.inProcess === true)
          .map(([name]) => `${plugin.manifest.id}.${name}`),
      ),
    );
  }

  /** Validates the plugins and their configuration (`settings` keyed by plugin id; defaults fill the rest). */
  static load(plugins: readonly AnyPlugin[], settings: Record<string, unknown> = {}): PluginHost {
    validatePlugins(plugins);
    const problems: string[] = [];
    const known = new Set(plugins.map((plugin) => plugin.manifest.id));
    for (const id of Object.keys(settings)) if (!known.has(id)) problems.push(`settings name plugin "${id}", which is not installed`);
    const configs = new Map<string, unknown>();
    for (const plugin of plugins) {
      const parsed = plugin.manifest.config.safeParse(settings[plugin.manifest.id] ?? {});
      if (parsed.success) configs.set(plugin.manifest.id, parsed.data);
      else problems.push(`plugin "${plugin.manifest.id}": config: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`);
    }
    if (problems.length > 0) throw new PluginManifestError(`Invalid plugins:\n  ${problems.join('\n  ')}`);
    return new PluginHost(plugins, configs, settings);
  }

  /**
   * The manifests with JSON Schemas, for GET /api/plugins. A source also says whether each of its
   * credentials is set and so whether it is configured; a credential's value is never described.
   */
  describe(): PluginDescription[] {
    return this.plugins.map((plugin) => {
      const { source, config: described, ...rest } = describePlugin(plugin);
      const serverOnly = new Set(described.serverOnly);
      const inForce = (this.configs.get(plugin.manifest.id) ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(Object.entries(inForce).filter(([key]) => !serverOnly.has(key)));
      const config = { ...described, values };
      if (!source) return { ...rest, config };
      const credentials = this.credentialsOf(plugin);
      return {
        ...rest,
        config,
        source: { ...source, credentials, standIn: source.standIn === true, configured: credentials.every((credential) => credential.set) },
      };
    });
  }

  /**
   * Everything wrong with a pipeline step's `config` for a plugin (fields inside the config): a
   * field its config does not have, a credential or other server-only field, a value that does
   * not parse once it is put over the server's settings. Empty when a step may run with it.
   */
  stepConfigProblems(pluginId: string, stepConfig: Record<string, unknown>): StepConfigProblem[] {
    const plugin = this.plugins.find((candidate) => candidate.manifest.id === pluginId);
    if (!plugin) return [{ field: '', message: `no plugin "${pluginId}" is installed` }];
    return configWithStep(plugin.manifest, this.settings[pluginId], stepConfig).problems;
  }

  /** True when the plugin is an installed source and every credential it declares is set (not blank). */
  sourceConfigured(id: string): boolean {
    const plugin = this.plugins.find((candidate) => candidate.manifest.id === id);
    return plugin?.manifest.source !== undefined && this.credentialsOf(plugin).every((credential) => credential.set);
  }

  /** A source's declared credentials, each with whether its config holds a value (not blank). */
  private credentialsOf(plugin: AnyPlugin): Array<SourceCredential & { set: boolean }> {
    const config = (this.configs.get(plugin.manifest.id) ?? {}) as Record<string, unknown>;
    return (plugin.manifest.source?.credentials ?? []).map((credential) => ({ ...credential, set: isSet(config[credential.key]) }));
  }

  /**
   * Every installed activity by namespaced name, with its manifest timeout, whether it heartbeats and
   * its input and output JSON Schemas, plus the platform's built-ins given: what pipelines are
   * checked against. InProcess activities (a channel's) are not among them.
   */
  activityIndex(builtins: ReadonlyMap<string, ActivityOptions> = new Map()): ReadonlyMap<string, ActivityOptions> {
    return new Map([
      ...this.plugins.flatMap((plugin) =>
        describePlugin(plugin)
          .activities.filter((activity) => !this.inProcess.has(activity.qualifiedName))
          .map((activity) => {
            const { heartbeats } = plugin.manifest.activities[activity.name]!;
            const options: ActivityOptions = {
              access: activity.access,
              timeout: activity.timeout,
              heartbeats,
              input: activity.input as JsonSchema,
              output: activity.output as JsonSchema,
              configProblems: (stepConfig) => this.stepConfigProblems(plugin.manifest.id, stepConfig),
            };
            return [activity.qualifiedName, options] as const;
          }),
      ),
      ...builtins,
    ]);
  }

  /** Whether the plugin `id` is installed. */
  installed(id: string): boolean {
    return this.plugins.some((plugin) => plugin.manifest.id === id);
  }

  /** The parsed config of one plugin. */
  config(id: string): unknown {
    return this.configs.get(id);
  }

  /** The models of the collections a plugin owns, on the given connection. */
  models(id: string, connection: Connection): Record<string, Model<unknown>> {
    const plugin = this.plugins.find((candidate) => candidate.manifest.id === id);
    if (!plugin) throw new Error(`plugin "${id}" is not installed`);
    return Object.fromEntries(
      Object.entries(plugin.manifest.collections ?? {}).map(([name, schema]) => {
        const modelName = `${id}:${name}`;
        const model = connection.models[modelName] ?? connection.model(modelName, schema, collectionName(id, name));
        return [name, model as Model<unknown>];
      }),
    );
  }

  /**
   * Calls an activity its manifest marks `service` in this process, validated like on the worker:
   * the plugin's own models on `connection`, its config, the system clock; no HTTP and no language
   * model. A business failure comes back as the plugin threw it (an ApplicationFailure with its `type`).
   */
  /** The installed plugin an activity's qualified name (`<plugin>.<activity>`) names, and the activity's own name. */
  private pluginOf(name: string): { plugin: AnyPlugin | undefined; pluginId: string; activity: string } {
    const dot = name.indexOf('.');
    const pluginId = name.slice(0, dot);
    return { plugin: this.plugins.find((candidate) => candidate.manifest.id === pluginId), pluginId, activity: name.slice(dot + 1) };
  }

  /** Whether the installed plugin's manifest marks the activity (`<plugin>.<activity>`) a service: a read the API may run in its own process. */
  isService(name: string): boolean {
    const { plugin, activity } = this.pluginOf(name);
    return plugin?.manifest.activities[activity]?.service === true;
  }

  async callService(name: string, input: unknown, connection: Connection, run: RunContext): Promise<unknown> {
    const { plugin, pluginId } = this.pluginOf(name);
    if (!plugin) throw new Error(`no plugin "${pluginId}" is installed for service ${name}`);
    if (!this.isService(name)) throw new Error(`${name} is not a service of plugin "${plugin.manifest.id}"`);
    return this.servicesOf(plugin, connection)[name]!(input, { run });
  }

  /** A plugin's activities bound for service calls on a connection: bound on the first call, then reused. */
  private servicesOf(plugin: AnyPlugin, connection: Connection): Record<string, BoundActivity> {
    let byPlugin = this.boundServices.get(connection);
    if (!byPlugin) this.boundServices.set(connection, (byPlugin = new Map()));
    let bound = byPlugin.get(plugin.manifest.id);
    if (!bound) {
      bound = bindActivities(
        plugin,
        {
          config: this.configs.get(plugin.manifest.id),
          db: this.models(plugin.manifest.id, connection) as never,
          http: NO_HTTP,
          logger: SILENT,
          clock: { now: () => new Date() },
          llm: null,
        },
        serviceContext,
      );
      byPlugin.set(plugin.manifest.id, bound);
    }
    return bound;
  }

  /**
   * The installed channel that sends to `address` (the first in list order), bound to be called in
   * this process: its `send` and `verify` with its config, the clock and the given logger; no
   * database, no HTTP client, no language model. Null when none is installed.
   */
  channel(address: 'email', logger: Logger = SILENT): InProcessChannel | null {
    const plugin = this.plugins.find((candidate) => candidate.manifest.channel?.address === address);
    if (!plugin) return null;
    const id = plugin.manifest.id;
    const bound = bindActivities(
      plugin,
      { config: this.configs.get(id), db: {} as never, http: NO_HTTP, logger, clock: { now: () => new Date() }, llm: null },
      serviceContext,
    );
    return { pluginId: id, send: bound[`${id}.${CHANNEL_SEND_ACTIVITY}`]!, verify: bound[`${id}.${CHANNEL_VERIFY_ACTIVITY}`]! };
  }

  /** The ids of the installed plugins of kind `calendar`, in list order. */
  calendarIds(): string[] {
    return this.plugins.filter((plugin) => plugin.manifest.calendar !== undefined).map((plugin) => plugin.manifest.id);
  }

  /**
   * The installed calendar plugin `id`, bound to be called in this process as a channel is: its
   * activities with its config, the clock and the given logger; no database, no HTTP client (it
   * reaches the account's own server), no language model. Null when no such calendar is installed.
   */
  calendar(id: string, logger: Logger = SILENT): InProcessCalendar | null {
    const plugin = this.plugins.find((candidate) => candidate.manifest.id === id && candidate.manifest.calendar !== undefined);
    const definition = plugin?.manifest.calendar;
    if (!plugin || !definition) return null;
    const bound = bindActivities(
      plugin,
      { config: this.configs.get(id), db: {} as never, http: NO_HTTP, logger, clock: { now: () => new Date() }, llm: null },
      serviceContext,
    );
    const activities = Object.fromEntries(
      CALENDAR_ACTIVITIES.map((name) => [name, bound[`${id}.${name}`]!]),
    ) as InProcessCalendar['activities'];
    // Change notifications are optional: all three activities, or none.
    const notifications = CALENDAR_NOTIFICATION_ACTIVITIES.every((name) => bound[`${id}.${name}`])
      ? (Object.fromEntries(
          CALENDAR_NOTIFICATION_ACTIVITIES.map((name) => [name, bound[`${id}.${name}`]!]),
        ) as InProcessCalendar['notifications'])
      : null;
    const freeBusyInput = plugin.manifest.activities.freeBusy?.input;
    const accountSchema =
      freeBusyInput instanceof z.ZodObject ? (freeBusyInput.shape.account as z.ZodType) : z.record(z.string(), z.string());
    return {
      pluginId: id,
      accountSchema,
      displayName: definition.displayName,
      credentials: definition.credentials,
      credentialsTest: definition.credentialsTest,
      oauth: (definition as { oauth?: unknown }).oauth !== undefined,
      activities,
      notifications,
    };
  }

  /** The ids of the installed plugins of kind `crm`, in list order. */
  crmIds(): string[] {
    return this.plugins.filter((plugin) => plugin.manifest.crm !== undefined).map((plugin) => plugin.manifest.id);
  }

  /**
   * The installed CRM plugin `id`, bound to be called in this process as a calendar is (its
   * activities carry the account's token, so never on the worker as Temporal activities): its
   * config, the given clock (tests step it through Retry-After waits) and logger. Null when none.
   */
  crm(id: string, options: { logger?: Logger; clock?: Clock } = {}): InProcessCrm | null {
    const plugin = this.plugins.find((candidate) => candidate.manifest.id === id && candidate.manifest.crm !== undefined);
    const definition = plugin?.manifest.crm;
    if (!plugin || !definition) return null;
    const bound = bindActivities(
      plugin,
      {
        config: this.configs.get(id),
        db: {} as never,
        http: NO_HTTP,
        logger: options.logger ?? SILENT,
        clock: options.clock ?? { now: () => new Date() },
        llm: null,
      },
      serviceContext,
    );
    const activities = Object.fromEntries(CRM_ACTIVITIES.map((name) => [name, bound[`${id}.${name}`]!])) as InProcessCrm['activities'];
    const input = plugin.manifest.activities.listExclusions?.input;
    const accountSchema = input instanceof z.ZodObject ? (input.shape.account as z.ZodType) : z.record(z.string(), z.unknown());
    return {
      pluginId: id,
      displayName: definition.displayName,
      credentials: definition.credentials,
      credentialsTest: definition.credentialsTest,
      oauthTokensField: definition.oauth?.tokensField ?? null,
      accountSchema,
      activities,
    };
  }

  /**
   * The installed payments plugin `id` (contracts/payments PAYMENTS_PLUGINS), bound to be called in
   * this process as a CRM is (every activity carries the server's provider credentials, so never
   * on the worker as Temporal activities): its config and the given clock; a plugin reaches its
   * provider through its own client. Its activities by name (`createInvoice`, `parseWebhook`…).
   * Null when no such plugin is installed.
   */
  payments(id: string, options: { logger?: Logger; clock?: Clock } = {}): InProcessPayments | null {
    const plugin = this.plugins.find((candidate) => candidate.manifest.id === id && candidate.manifest.payments !== undefined);
    const definition = plugin?.manifest.payments;
    if (!plugin || !definition) return null;
    const bound = bindActivities(
      plugin,
      {
        // Read through config(), so a host derived for one request (a test's provider base) binds what it says.
        config: this.config(id),
        db: {} as never,
        http: NO_HTTP,
        logger: options.logger ?? SILENT,
        clock: options.clock ?? { now: () => new Date() },
        llm: null,
      },
      serviceContext,
    );
    const prefix = `${id}.`;
    const activities = Object.fromEntries(
      Object.entries(bound).flatMap(([name, activity]) => (name.startsWith(prefix) ? [[name.slice(prefix.length), activity]] : [])),
    );
    return { pluginId: id, displayName: definition.displayName, savesMethods: definition.collect.includes('charge'), activities };
  }

  /** What a plugin's activities are bound over on the worker, besides its config. */
  private workerDeps(plugin: AnyPlugin, services: HostServices) {
    return {
      db: this.models(plugin.manifest.id, services.connection) as never,
      http: services.http,
      logger: services.logger.child({ plugin: plugin.manifest.id }),
      clock: services.clock,
      llm: services.llm,
    };
  }

  /** Every plugin's activities under `<plugin>.<activity>`, validated at the boundary; inProcess ones (a channel's) are left out. */
  activities(services: HostServices): Record<string, BoundActivity> {
    const bound: Record<string, BoundActivity> = Object.assign(
      {},
      ...this.plugins.map((plugin) =>
        bindActivities(plugin, { config: this.configs.get(plugin.manifest.id), ...this.workerDeps(plugin, services) }),
      ),
    );
    return this.withoutInProcess(bound);
  }

  private withoutInProcess(bound: Record<string, BoundActivity>): Record<string, BoundActivity> {
    return Object.fromEntries(Object.entries(bound).filter(([name]) => !this.inProcess.has(name)));
  }

  /**
   * For the steps that set a `config` of their own: a plugin's activities bound with that config
   * over the server's settings (as `activities` binds them otherwise), each distinct config
   * bound once and kept among a plugin's few most recently used (SDK configuredActivities).
   * Throws StepConfigError, naming every problem, for a config that does not fit the plugin.
   */
  stepActivities(services: HostServices): StepActivities {
    const binders = new Map<string, ConfiguredActivities>();
    return (pluginId, stepConfig) => {
      const plugin = this.plugins.find((candidate) => candidate.manifest.id === pluginId);
      if (!plugin) throw new StepConfigError(pluginId, [{ field: '', message: `no plugin "${pluginId}" is installed` }]);
      const merged = configWithStep(plugin.manifest, this.settings[pluginId], stepConfig);
      if (merged.problems.length > 0) throw new StepConfigError(pluginId, merged.problems);
      let bind = binders.get(pluginId);
      if (!bind) binders.set(pluginId, (bind = configuredActivities(plugin, this.workerDeps(plugin, services))));
      return this.withoutInProcess(bind(merged.config));
    };
  }
}
