import { Schema } from 'mongoose';
import { z } from 'zod';
import {
  CALENDAR_ACTIVITIES,
  CHANNEL_SEND_ACTIVITY,
  CRM_ACTIVITIES,
  CHANNEL_VERIFY_ACTIVITY,
  PAYMENT_ACTIVITIES,
  PLUGIN_KINDS,
  SOURCE_PREPARE_ACTIVITY,
  SOURCE_SEARCH_ACTIVITY,
  type AnyPlugin,
} from './manifest.ts';
import { ACTIVITY_ACCESS, WORKSPACE_FIELD } from './run-context.ts';
import { REFRESHED_TOKENS_FIELD } from './contracts/calendar.ts';
import { oauthConfigProblems } from './oauth/index.ts';
import { serverOnlyFields } from './step-config.ts';
import { decisionPointProblems } from './experiments/decision-points.ts';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const SEMVER = /^\d+\.\d+\.\d+(-[\w.]+)?$/;

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Checks a config schema: an object whose every field has a default and a doc line. */
function configProblems(config: unknown): string[] {
  if (!(config instanceof z.ZodObject)) return ['config must be a zod object schema'];
  const problems: string[] = [];
  for (const [field, schema] of Object.entries(config.shape as Record<string, z.ZodType>)) {
    if (!schema.description) problems.push(`config field "${field}" has no doc line (.describe())`);
  }
  const defaults = config.safeParse({});
  if (!defaults.success) {
    problems.push(`config has fields without defaults: ${defaults.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  }
  return problems;
}

/** A source declares its display name and credentials (each a string config field) and provides searchPeople. */
function sourceProblems(m: Partial<AnyPlugin['manifest']>): string[] {
  if (m.kind !== 'source') return m.source === undefined ? [] : ['only a plugin of kind "source" declares a source section'];
  const source = m.source;
  if (!source || typeof source !== 'object') return ['a source plugin needs a source section (displayName, credentials, credentialsTest)'];
  const problems: string[] = [];
  if (typeof source.displayName !== 'string' || !source.displayName) problems.push('source.displayName is missing');
  if (typeof source.credentialsTest !== 'string' || !source.credentialsTest)
    problems.push('source.credentialsTest is missing (how a wrong credential shows)');
  const fields = m.config instanceof z.ZodObject ? (m.config.shape as Record<string, z.ZodType>) : {};
  for (const credential of Array.isArray(source.credentials) ? source.credentials : []) {
    if (!credential?.label) problems.push(`source credential "${credential?.key}" has no label`);
    const field = fields[credential?.key];
    if (!field || typeof field.safeParse('') !== 'object' || !field.safeParse('').success) {
      problems.push(`source credential "${credential?.key}" is not a string field of the config`);
    }
  }
  if (!Array.isArray(source.credentials)) problems.push('source.credentials must be a list (empty when none are needed)');
  if (!m.activities?.[SOURCE_SEARCH_ACTIVITY]) problems.push(`a source plugin provides the ${SOURCE_SEARCH_ACTIVITY} activity`);
  if (source.standIn !== undefined && typeof source.standIn !== 'boolean') problems.push('source.standIn must be true or false');
  if (source.standIn === true) {
    if (m.activities?.[SOURCE_SEARCH_ACTIVITY] && m.activities[SOURCE_SEARCH_ACTIVITY].service !== true)
      problems.push(`a sample source's ${SOURCE_SEARCH_ACTIVITY} is a service (the API searches it in its own process)`);
    if (!m.activities?.[SOURCE_PREPARE_ACTIVITY]) problems.push(`a sample source provides the ${SOURCE_PREPARE_ACTIVITY} activity`);
    if (Array.isArray(source.credentials) && source.credentials.length > 0) problems.push('a sample source needs no credentials');
  }
  return problems;
}

/** The fields of an activity input's `account` object, or null when it has none. */
function accountFields(input: unknown): Record<string, z.ZodType> | null {
  const account = input instanceof z.ZodObject ? (input.shape as Record<string, unknown>).account : undefined;
  return account instanceof z.ZodObject ? (account.shape as Record<string, z.ZodType>) : null;
}

/**
 * What a kind whose activities act for a connected account (a channel, a calendar) declares alike:
 * how a wrong credential shows, the account's fields, each labelled, and every one of `activities`
 * provided, in-process (its input carries the account's secret) and taking those fields as `account`.
 */
function accountProblems(
  kind: 'channel' | 'calendar' | 'crm' | 'payments',
  section: { credentialsTest?: unknown; credentials?: unknown },
  activities: Partial<AnyPlugin['manifest']>['activities'],
  names: readonly string[],
): string[] {
  const problems: string[] = [];
  if (typeof section.credentialsTest !== 'string' || !section.credentialsTest)
    problems.push(`${kind}.credentialsTest is missing (how a wrong credential shows)`);
  const credentials = (Array.isArray(section.credentials) ? section.credentials : []) as Array<
    { key?: string; label?: string } | undefined
  >;
  if (!Array.isArray(section.credentials)) problems.push(`${kind}.credentials must be a list of the account fields`);
  for (const credential of credentials) if (!credential?.label) problems.push(`${kind} credential "${credential?.key}" has no label`);
  const article = kind === 'channel' ? 'a channel' : kind === 'crm' ? 'a CRM' : kind === 'payments' ? 'a payment provider' : 'a calendar';
  for (const name of names) {
    const definition = activities?.[name];
    if (!definition) {
      problems.push(`${article} plugin provides the ${name} activity`);
      continue;
    }
    if (definition.inProcess !== true) problems.push(`${article}'s ${name} is inProcess (its input carries the account's secret)`);
    const fields = accountFields(definition.input);
    if (!fields) {
      problems.push(`${article}'s ${name} takes the account as an "account" object in its input`);
      continue;
    }
    for (const credential of credentials) {
      if (!fields[credential?.key ?? '']) problems.push(`${kind} credential "${credential?.key}" is not a field of ${name}'s account`);
    }
  }
  return problems;
}

/**
 * A channel declares its display name, what it sends to and its account fields, and provides
 * `send` and `verify`, both in-process (their input carries the account, secret included).
 */
function channelProblems(m: Partial<AnyPlugin['manifest']>): string[] {
  if (m.kind !== 'channel') return m.channel === undefined ? [] : ['only a plugin of kind "channel" declares a channel section'];
  const channel = m.channel;
  if (!channel || typeof channel !== 'object')
    return ['a channel plugin needs a channel section (displayName, address, credentials, credentialsTest)'];
  const problems: string[] = [];
  if (typeof channel.displayName !== 'string' || !channel.displayName) problems.push('channel.displayName is missing');
  if (channel.address !== 'email') problems.push('channel.address must be "email" (the only kind of address Meetflow sends to)');
  problems.push(...accountProblems('channel', channel, m.activities, [CHANNEL_SEND_ACTIVITY, CHANNEL_VERIFY_ACTIVITY]));
  return problems;
}

/**
 * A calendar declares its display name and account fields, and provides every calendar activity,
 * each in-process and taking the account (its secret included).
 */
function calendarProblems(m: Partial<AnyPlugin['manifest']>): string[] {
  if (m.kind !== 'calendar') return m.calendar === undefined ? [] : ['only a plugin of kind "calendar" declares a calendar section'];
  const calendar = m.calendar;
  if (!calendar || typeof calendar !== 'object')
    return ['a calendar plugin needs a calendar section (displayName, credentials, credentialsTest)'];
  const problems: string[] = [];
  if (typeof calendar.displayName !== 'string' || !calendar.displayName) problems.push('calendar.displayName is missing');
  problems.push(...accountProblems('calendar', calendar, m.activities, CALENDAR_ACTIVITIES));
  if (calendar.oauth !== undefined) problems.push(...calendarOAuthProblems(m));
  return problems;
}

/** A token set as an account carries one: what each activity's tokens field must accept. */
const SAMPLE_TOKENS = { accessToken: 'a', refreshToken: 'r', expiresAt: '2026-01-01T00:00:00.000Z' };

/**
 * A calendar connected with OAuth declares its provider's endpoints (https) and scopes, the
 * environment variables of the client id and secret (given to it as the server-only config fields
 * clientId and clientSecret), and the account field holding the tokens: a secret credential that
 * every activity's account takes as tokens, each activity answering the tokens it refreshed.
 */
function calendarOAuthProblems(m: Partial<AnyPlugin['manifest']>): string[] {
  const oauth = m.calendar?.oauth as Partial<NonNullable<NonNullable<AnyPlugin['manifest']['calendar']>['oauth']>> | null;
  if (!oauth || typeof oauth !== 'object')
    return ['calendar.oauth must be an object (endpoints, scopes, clientIdEnv, clientSecretEnv, tokensField)'];
  const problems = oauthConfigProblems({ ...oauth, clientId: 'x' })
    .filter((problem) => !problem.includes('http only on'))
    .map((problem) => `calendar.oauth.${problem}`);
  for (const key of ['authorizationEndpoint', 'tokenEndpoint', 'revocationEndpoint'] as const) {
    const value = oauth[key];
    if (typeof value === 'string' && URL.canParse(value) && new URL(value).protocol !== 'https:')
      problems.push(`calendar.oauth.${key} must be an https URL`);
  }
  for (const key of ['clientIdEnv', 'clientSecretEnv'] as const) {
    if (typeof oauth[key] !== 'string' || !/^MEETFLOW_[A-Z0-9_]+$/.test(oauth[key]))
      problems.push(`calendar.oauth.${key} must name an environment variable (MEETFLOW_…)`);
  }
  const config = m.config instanceof z.ZodObject ? (m.config.shape as Record<string, z.ZodType>) : {};
  const serverOnly = m.config instanceof z.ZodObject ? serverOnlyFields(m as AnyPlugin['manifest']) : new Map<string, string>();
  for (const key of ['clientId', 'clientSecret']) {
    if (!config[key]?.safeParse('x').success || !serverOnly.has(key))
      problems.push(`an OAuth calendar's config has a server-only string field "${key}" (from calendar.oauth.${key}Env)`);
  }
  const tokensField = oauth.tokensField ?? '';
  const credential = (m.calendar?.credentials ?? []).find((entry) => entry?.key === tokensField);
  if (!credential) problems.push(`calendar.oauth.tokensField "${tokensField}" is not one of calendar.credentials`);
  else if (credential.secret !== true) problems.push(`calendar credential "${tokensField}" holds the OAuth tokens, so it is secret`);
  for (const name of CALENDAR_ACTIVITIES) {
    const definition = m.activities?.[name];
    const field = accountFields(definition?.input)?.[tokensField];
    if (!definition || !accountFields(definition.input)) continue; // accountProblems names these
    if (!field?.safeParse(SAMPLE_TOKENS).success)
      problems.push(`a calendar's ${name} takes the OAuth tokens as its account's "${tokensField}"`);
    const output = definition.output instanceof z.ZodObject ? (definition.output.shape as Record<string, z.ZodType>) : {};
    if (!output[REFRESHED_TOKENS_FIELD]?.safeParse(SAMPLE_TOKENS).success || !output[REFRESHED_TOKENS_FIELD].safeParse(undefined).success)
      problems.push(
        `a calendar's ${name} answers the tokens it refreshed as an optional "${REFRESHED_TOKENS_FIELD}" (withRefreshedTokens)`,
      );
  }
  return problems;
}

/**
 * A CRM declares its display name, account fields, how each write is idempotent and (optionally)
 * OAuth, and provides every CRM activity, each in-process and taking the account. A plugin of kind
 * `crm` with neither a crm section nor any CRM activity is left alone (the platform treats as a CRM
 * only a plugin with the section; two platform tests use such a plugin as a plain non-agent).
 */
function crmProblems(m: Partial<AnyPlugin['manifest']>): string[] {
  if (m.kind !== 'crm') return m.crm === undefined ? [] : ['only a plugin of kind "crm" declares a crm section'];
  if (m.crm === undefined && !CRM_ACTIVITIES.some((name) => m.activities?.[name] !== undefined)) return [];
  const crm = m.crm;
  if (!crm || typeof crm !== 'object') return ['a CRM plugin needs a crm section (displayName, credentials, credentialsTest, idempotency)'];
  const problems: string[] = [];
  if (typeof crm.displayName !== 'string' || !crm.displayName) problems.push('crm.displayName is missing');
  for (const key of ['company', 'contact', 'activity'] as const) {
    if (typeof crm.idempotency?.[key] !== 'string' || !crm.idempotency[key])
      problems.push(`crm.idempotency.${key} is missing (how a second write of one ${key} finds the first)`);
  }
  const oauth = crm.oauth;
  if (oauth !== undefined) {
    for (const key of ['authorizationEndpoint', 'tokenEndpoint'] as const) {
      if (typeof oauth?.[key] !== 'string' || !URL.canParse(oauth[key]) || !oauth[key].startsWith('https://'))
        problems.push(`crm.oauth.${key} must be an https URL`);
    }
    if (!Array.isArray(oauth?.scopes)) problems.push('crm.oauth.scopes must be a list');
    for (const key of ['clientIdEnv', 'clientSecretEnv'] as const) {
      if (typeof oauth?.[key] !== 'string' || !/^MEETFLOW_[A-Z0-9_]+$/.test(oauth[key]))
        problems.push(`crm.oauth.${key} must name an environment variable (MEETFLOW_…)`);
    }
    const config = m.config instanceof z.ZodObject ? (m.config.shape as Record<string, z.ZodType>) : {};
    const serverOnly = m.config instanceof z.ZodObject ? serverOnlyFields(m as AnyPlugin['manifest']) : new Map<string, string>();
    for (const key of ['clientId', 'clientSecret']) {
      if (!config[key]?.safeParse('x').success || !serverOnly.has(key))
        problems.push(`an OAuth CRM's config has a server-only string field "${key}" (from crm.oauth.${key}Env)`);
    }
    const tokensField = oauth?.tokensField ?? '';
    const credential = (crm.credentials ?? []).find((entry) => entry?.key === tokensField);
    if (!credential) problems.push(`crm.oauth.tokensField "${tokensField}" is not one of crm.credentials`);
    else if (credential.secret !== true) problems.push(`crm credential "${tokensField}" holds the OAuth tokens, so it is secret`);
    for (const name of CRM_ACTIVITIES) {
      const definition = m.activities?.[name];
      const fields = accountFields(definition?.input);
      if (!definition || !fields) continue; // accountProblems names these
      if (!fields[tokensField]?.safeParse(SAMPLE_TOKENS).success)
        problems.push(`a CRM's ${name} takes the OAuth tokens as its account's "${tokensField}"`);
      const output = definition.output instanceof z.ZodObject ? (definition.output.shape as Record<string, z.ZodType>) : {};
      if (!output[REFRESHED_TOKENS_FIELD]?.safeParse(SAMPLE_TOKENS).success || !output[REFRESHED_TOKENS_FIELD].safeParse(undefined).success)
        problems.push(`a CRM's ${name} answers the tokens it refreshed as an optional "${REFRESHED_TOKENS_FIELD}"`);
    }
  }
  problems.push(...accountProblems('crm', crm, m.activities, CRM_ACTIVITIES));
  return problems;
}

/**
 * A payment provider declares its display name, account fields, how its creates are idempotent,
 * how its webhooks are verified and the ways it collects an invoice, and provides every payments
 * activity, each in-process and taking the account (its secret included).
 */
function paymentsProblems(m: Partial<AnyPlugin['manifest']>): string[] {
  if (m.kind !== 'payments') return m.payments === undefined ? [] : ['only a plugin of kind "payments" declares a payments section'];
  const payments = m.payments;
  if (!payments || typeof payments !== 'object')
    return ['a payments plugin needs a payments section (displayName, credentials, credentialsTest, idempotency, webhook, collect)'];
  const problems: string[] = [];
  if (typeof payments.displayName !== 'string' || !payments.displayName) problems.push('payments.displayName is missing');
  if (typeof payments.idempotency !== 'string' || !payments.idempotency)
    problems.push('payments.idempotency is missing (how a second create with one externalId finds the first)');
  if (typeof payments.webhook !== 'string' || !payments.webhook) problems.push('payments.webhook is missing (how a webhook is verified)');
  const collect: unknown[] = Array.isArray(payments.collect) ? payments.collect : [];
  if (collect.length === 0 || collect.some((way) => way !== 'charge' && way !== 'send'))
    problems.push('payments.collect must list "charge", "send" or both');
  problems.push(...accountProblems('payments', payments, m.activities, PAYMENT_ACTIVITIES));
  return problems;
}

/** Every problem with one plugin's manifest and shape, as readable lines (empty when valid). */
export function manifestProblems(plugin: AnyPlugin): string[] {
  const m = plugin?.manifest as Partial<AnyPlugin['manifest']> | undefined;
  if (!m || typeof m !== 'object') return ['it has no manifest'];
  const problems: string[] = [];
  if (typeof m.id !== 'string' || !KEBAB.test(m.id)) problems.push(`id ${JSON.stringify(m.id)} is not kebab-case`);
  for (const key of ['name', 'description'] as const) {
    if (typeof m[key] !== 'string' || !m[key]) problems.push(`${key} is missing`);
  }
  if (typeof m.version !== 'string' || !SEMVER.test(m.version)) problems.push(`version ${JSON.stringify(m.version)} is not semver`);
  if (!PLUGIN_KINDS.includes(m.kind as never)) problems.push(`kind ${JSON.stringify(m.kind)} is not one of ${PLUGIN_KINDS.join(', ')}`);
  if (!m.ui || !m.ui.icon || !m.ui.color || !m.ui.category) problems.push('ui needs icon, color and category');
  problems.push(...configProblems(m.config));
  const activities = Object.entries(m.activities ?? {});
  if (activities.length === 0) problems.push('it provides no activities');
  for (const [name, definition] of activities) {
    if (!CAMEL.test(name)) problems.push(`activity name "${name}" must be camelCase (no dots)`);
    if (!definition?.description) problems.push(`activity "${name}" has no description`);
    if (!isZod(definition?.input)) problems.push(`activity "${name}" has no zod input schema`);
    if (!isZod(definition?.output)) problems.push(`activity "${name}" has no zod output schema`);
    if (!ACTIVITY_ACCESS.includes(definition?.access))
      problems.push(`activity "${name}" declares no access (one of ${ACTIVITY_ACCESS.join(', ')}: who may place it in a pipeline)`);
    else if (definition.inProcess === true && definition.access !== 'internal')
      problems.push(`activity "${name}" is inProcess, so its access is "internal" (no pipeline can run it)`);
    if (isZod(definition?.input) && definition.input instanceof z.ZodObject && WORKSPACE_FIELD in definition.input.shape)
      problems.push(
        `activity "${name}" takes "${WORKSPACE_FIELD}" in its input: the workspace comes with its context (workspaceOf(context))`,
      );
  }
  problems.push(...sourceProblems(m));
  problems.push(...channelProblems(m));
  problems.push(...calendarProblems(m));
  problems.push(...crmProblems(m));
  problems.push(...paymentsProblems(m));
  problems.push(...decisionPointProblems(m.decisionPoints, m.activities ?? {}));
  for (const [name, schema] of Object.entries(m.collections ?? {})) {
    if (!(schema instanceof Schema)) problems.push(`collection "${name}" is not a mongoose schema`);
  }
  if (typeof plugin.register !== 'function') problems.push('register is not a function');
  return problems;
}

/** A plugin list that cannot be loaded; the message names each plugin and what is wrong. */
export class PluginManifestError extends Error {
  override name = 'PluginManifestError';
}

/**
 * Validates a list of plugins as a whole: each manifest, then duplicate ids and clashing
 * namespaced activity names, and more than one sample source (which would answer for unconfigured
 * sources is then ambiguous). Throws one PluginManifestError listing every problem.
 */
export function validatePlugins(plugins: readonly AnyPlugin[]): void {
  const problems: string[] = [];
  const seenIds = new Map<string, number>();
  const seenActivities = new Set<string>();
  plugins.forEach((plugin, index) => {
    const label = typeof plugin?.manifest?.id === 'string' ? `plugin "${plugin.manifest.id}"` : `plugin #${index + 1}`;
    problems.push(...manifestProblems(plugin).map((problem) => `${label}: ${problem}`));
    const id = plugin?.manifest?.id;
    if (typeof id !== 'string') return;
    if (seenIds.has(id)) problems.push(`${label}: id is already used by plugin #${(seenIds.get(id) ?? 0) + 1}`);
    seenIds.set(id, index);
    for (const name of Object.keys(plugin.manifest.activities ?? {})) {
      const full = `${id}.${name}`;
      if (seenActivities.has(full)) problems.push(`${label}: activity "${full}" is registered twice`);
      seenActivities.add(full);
    }
  });
  const standIns = plugins.filter((plugin) => plugin?.manifest?.source?.standIn === true).map((plugin) => `"${plugin.manifest.id}"`);
  if (standIns.length > 1) problems.push(`plugins ${standIns.join(' and ')} are both sample sources (standIn): install one`);
  if (problems.length > 0) throw new PluginManifestError(`Invalid plugins:\n  ${problems.join('\n  ')}`);
}
