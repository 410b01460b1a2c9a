import { Schema } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALENDAR_ACTIVITIES, defineManifest, definePlugin, type AnyPlugin } from './manifest.ts';
import { manifestProblems, PluginManifestError, validatePlugins } from './validate.ts';

function samplePlugin(id = 'sample', overrides: Record<string, unknown> = {}): AnyPlugin {
  const manifest = defineManifest({
    id,
    name: 'Sample',
    version: '1.0.0',
    description: 'A sample plugin',
    kind: 'agent',
    ui: { icon: 'sparkles', color: '#6366f1', category: 'Testing' },
    config: z.object({ greeting: z.string().default('Hello').describe('First word of the answer.') }),
    activities: {
      greet: {
        description: 'Greets someone',
        access: 'public',
        input: z.object({ name: z.string() }),
        output: z.object({ message: z.string() }),
      },
    },
    collections: { notes: new Schema({ workspaceId: String }) },
  });
  return definePlugin({ ...manifest, ...overrides } as typeof manifest, () => ({ greet: async ({ name }) => ({ message: name }) }));
}

describe('manifestProblems', () => {
  it('accepts a complete manifest', () => {
    expect(manifestProblems(samplePlugin())).toEqual([]);
  });

  it('names every missing or malformed part', () => {
    const broken = samplePlugin('Bad_Id', {
      version: 'one',
      kind: 'robot',
      ui: { icon: 'x' },
      config: z.object({ undocumented: z.number().default(1), required: z.string().describe('Has no default.') }),
      activities: { 'do.it': { description: '', access: 'public', input: { not: 'zod' } } },
      collections: { notes: { plain: 'object' } },
    });
    expect(manifestProblems(broken)).toEqual([
      'id "Bad_Id" is not kebab-case',
      'version "one" is not semver',
      'kind "robot" is not one of agent, source, channel, crm, calendar, payments',
      'ui needs icon, color and category',
      'config field "undocumented" has no doc line (.describe())',
      'config has fields without defaults: required',
      'activity name "do.it" must be camelCase (no dots)',
      'activity "do.it" has no description',
      'activity "do.it" has no zod input schema',
      'activity "do.it" has no zod output schema',
      'collection "notes" is not a mongoose schema',
    ]);
  });

  it('asks a source for its display name, credentials (string config fields), how they are tested, and searchPeople', () => {
    const source = {
      displayName: 'Acme Leads',
      credentials: [{ key: 'greeting', label: 'API key', secret: true }],
      credentialsTest: 'A wrong key fails with 401.',
    };
    const search = { searchPeople: { description: 'Searches', access: 'public', input: z.object({}), output: z.object({}) } };
    expect(manifestProblems(samplePlugin('source-acme', { kind: 'source', source, activities: search }))).toEqual([]);
    expect(manifestProblems(samplePlugin('source-bare', { kind: 'source' }))).toEqual([
      'a source plugin needs a source section (displayName, credentials, credentialsTest)',
    ]);
    expect(
      manifestProblems(
        samplePlugin('source-odd', {
          kind: 'source',
          source: { displayName: '', credentials: [{ key: 'token', label: '' }], credentialsTest: '' },
        }),
      ),
    ).toEqual([
      'source.displayName is missing',
      'source.credentialsTest is missing (how a wrong credential shows)',
      'source credential "token" has no label',
      'source credential "token" is not a string field of the config',
      'a source plugin provides the searchPeople activity',
    ]);
    expect(manifestProblems(samplePlugin('agent', { source }))).toEqual(['only a plugin of kind "source" declares a source section']);
  });

  it('asks a channel for its display name, address, account fields, and in-process send and verify taking them', () => {
    const channel = {
      displayName: 'Pigeon post',
      address: 'email',
      credentials: [
        { key: 'loft', label: 'Loft', secret: false },
        { key: 'password', label: 'Password', secret: true },
      ],
      credentialsTest: 'A wrong password answers ok: false.',
    };
    const account = z.object({ loft: z.string(), password: z.string() });
    const activity = { description: 'Does it', access: 'internal', input: z.object({ account }), output: z.object({}), inProcess: true };
    const activities = { send: activity, verify: activity };
    expect(manifestProblems(samplePlugin('channel-pigeon', { kind: 'channel', channel, activities }))).toEqual([]);
    expect(manifestProblems(samplePlugin('channel-bare', { kind: 'channel' }))).toEqual([
      'a channel plugin needs a channel section (displayName, address, credentials, credentialsTest)',
    ]);
    expect(
      manifestProblems(
        samplePlugin('channel-odd', {
          kind: 'channel',
          channel: { ...channel, displayName: '', address: 'fax', credentials: [{ key: 'ink', label: '' }], credentialsTest: '' },
          activities: {
            send: { ...activity, inProcess: false },
            verify: { ...activity, input: z.object({ loft: z.string() }) },
          },
        }),
      ),
    ).toEqual([
      'channel.displayName is missing',
      'channel.address must be "email" (the only kind of address Meetflow sends to)',
      'channel.credentialsTest is missing (how a wrong credential shows)',
      'channel credential "ink" has no label',
      "a channel's send is inProcess (its input carries the account's secret)",
      'channel credential "ink" is not a field of send\'s account',
      'a channel\'s verify takes the account as an "account" object in its input',
    ]);
    expect(manifestProblems(samplePlugin('agent', { channel }))).toEqual(['only a plugin of kind "channel" declares a channel section']);
  });

  it('asks a calendar for its display name, account fields, and every calendar activity in-process taking them', () => {
    const calendar = {
      displayName: 'Diary',
      credentials: [
        { key: 'serverUrl', label: 'Server URL', secret: false },
        { key: 'password', label: 'Password', secret: true },
      ],
      credentialsTest: 'A wrong password fails with CalendarAuthRefused.',
    };
    const account = z.object({ serverUrl: z.string(), password: z.string() });
    const activity = { description: 'Does it', access: 'internal', input: z.object({ account }), output: z.object({}), inProcess: true };
    const activities = Object.fromEntries(CALENDAR_ACTIVITIES.map((name) => [name, activity]));
    expect(manifestProblems(samplePlugin('calendar-diary', { kind: 'calendar', calendar, activities }))).toEqual([]);
    expect(manifestProblems(samplePlugin('calendar-bare', { kind: 'calendar' }))).toEqual([
      'a calendar plugin needs a calendar section (displayName, credentials, credentialsTest)',
    ]);
    const { cancelEvent: _left, ...withoutCancel } = activities;
    expect(
      manifestProblems(
        samplePlugin('calendar-odd', {
          kind: 'calendar',
          calendar: { ...calendar, displayName: '', credentials: [{ key: 'token', label: '' }], credentialsTest: '' },
          activities: {
            ...withoutCancel,
            freeBusy: { ...activity, inProcess: false, access: 'public' },
            changesSince: { ...activity, input: z.object({ serverUrl: z.string() }) },
          },
        }),
      ),
    ).toEqual([
      'calendar.displayName is missing',
      'calendar.credentialsTest is missing (how a wrong credential shows)',
      'calendar credential "token" has no label',
      "a calendar's freeBusy is inProcess (its input carries the account's secret)",
      'calendar credential "token" is not a field of freeBusy\'s account',
      'calendar credential "token" is not a field of createEvent\'s account',
      'calendar credential "token" is not a field of updateEvent\'s account',
      'a calendar plugin provides the cancelEvent activity',
      'a calendar\'s changesSince takes the account as an "account" object in its input',
    ]);
    expect(manifestProblems(samplePlugin('agent', { calendar }))).toEqual(['only a plugin of kind "calendar" declares a calendar section']);
  });

  it('asks a sample source (standIn) for searchPeople as a service, a prepare activity and no credentials', () => {
    const activity = { description: 'Does it', access: 'public', input: z.object({}), output: z.object({}) };
    const standIn = { displayName: 'Sample database', credentials: [], credentialsTest: 'None: it needs no credentials.', standIn: true };
    const complete = { searchPeople: { ...activity, service: true }, prepare: activity };
    expect(manifestProblems(samplePlugin('source-fixture', { kind: 'source', source: standIn, activities: complete }))).toEqual([]);
    expect(
      manifestProblems(
        samplePlugin('source-fixture', {
          kind: 'source',
          source: { ...standIn, credentials: [{ key: 'greeting', label: 'API key', secret: true }] },
          activities: { searchPeople: activity },
        }),
      ),
    ).toEqual([
      "a sample source's searchPeople is a service (the API searches it in its own process)",
      'a sample source provides the prepare activity',
      'a sample source needs no credentials',
    ]);
    expect(
      manifestProblems(samplePlugin('source-fixture', { kind: 'source', source: { ...standIn, standIn: 'yes' }, activities: complete })),
    ).toEqual(['source.standIn must be true or false']);
  });

  it('asks each activity who may place it, keeps inProcess ones internal, and refuses a workspace in an input', () => {
    const activity = { description: 'Does it', access: 'public', input: z.object({}), output: z.object({}) };
    expect(
      manifestProblems(
        samplePlugin('access', {
          activities: {
            unsaid: { ...activity, access: undefined as never },
            odd: { ...activity, access: 'everyone' as never },
            leaky: { ...activity, inProcess: true },
            scoped: { ...activity, input: z.object({ workspaceId: z.string(), meetingId: z.string() }) },
            fine: { ...activity, access: 'admin' },
          },
        }),
      ),
    ).toEqual([
      'activity "unsaid" declares no access (one of public, sales-ops, admin, internal: who may place it in a pipeline)',
      'activity "odd" declares no access (one of public, sales-ops, admin, internal: who may place it in a pipeline)',
      'activity "leaky" is inProcess, so its access is "internal" (no pipeline can run it)',
      'activity "scoped" takes "workspaceId" in its input: the workspace comes with its context (workspaceOf(context))',
    ]);
  });

  it('reports a plugin with no activities or no manifest at all', () => {
    expect(manifestProblems(samplePlugin('empty', { activities: {} }))).toContain('it provides no activities');
    expect(manifestProblems({} as AnyPlugin)).toEqual(['it has no manifest']);
  });
});

describe('validatePlugins', () => {
  it('fails start-up naming the plugin with a broken manifest', () => {
    const attempt = () => validatePlugins([samplePlugin('good'), samplePlugin('broken', { version: 'x' })]);
    expect(attempt).toThrow(PluginManifestError);
    expect(attempt).toThrow('plugin "broken": version "x" is not semver');
  });

  it('refuses duplicate ids and clashing activities', () => {
    expect(() => validatePlugins([samplePlugin('twin'), samplePlugin('twin')])).toThrow(
      /plugin "twin": id is already used by plugin #1[\s\S]*activity "twin.greet" is registered twice/,
    );
  });

  it('refuses two sample sources: which one answers for unconfigured sources would be ambiguous', () => {
    const activity = { description: 'Does it', access: 'public', input: z.object({}), output: z.object({}) };
    const sampleSource = (id: string) =>
      samplePlugin(id, {
        kind: 'source',
        source: { displayName: id, credentials: [], credentialsTest: 'None.', standIn: true },
        activities: { searchPeople: { ...activity, service: true }, prepare: activity },
      });
    expect(() => validatePlugins([sampleSource('source-one')])).not.toThrow();
    expect(() => validatePlugins([sampleSource('source-one'), sampleSource('source-two')])).toThrow(
      'plugins "source-one" and "source-two" are both sample sources (standIn): install one',
    );
  });

  it('accepts a valid list', () => {
    expect(() => validatePlugins([samplePlugin('one'), samplePlugin('two')])).not.toThrow();
  });
});
