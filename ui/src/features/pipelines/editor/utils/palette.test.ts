import { describe, expect, it } from 'vitest';
import type { PluginActivity, PluginDescription } from '../../../plugins/index.ts';
import { paletteGroups, stepActivities } from './palette.ts';

const activity = (plugin: string, name: string, description: string, inProcess = false, placeable = !inProcess) => ({
  name,
  qualifiedName: `${plugin}.${name}`,
  description,
  access: (inProcess ? 'internal' : 'public') as PluginActivity['access'],
  placeable,
  input: {},
  output: {},
  ...(inProcess ? { inProcess: true as const } : {}),
});

const plugin = (id: string, name: string, activities: ReturnType<typeof activity>[]): PluginDescription => ({
  id,
  name,
  version: '1.0.0',
  description: '',
  kind: 'agent',
  ui: { icon: 'gauge', color: '#7c3aed', category: 'agent' },
  config: { schema: {}, defaults: {}, values: {}, serverOnly: [] },
  activities,
  collections: [],
});

const PLUGINS = [
  plugin('lead-scoring', 'Lead Scoring', [
    activity('lead-scoring', 'scoreProspect', 'Scores one prospect'),
    activity('lead-scoring', 'matchPeople', 'Scores people'),
  ]),
  plugin('channel-email-smtp', 'Email', [activity('channel-email-smtp', 'send', 'Sends', true)]),
  plugin('outreach', 'Outreach', [activity('outreach', 'writeSequence', 'Writes the sequence')]),
];

describe('paletteGroups', () => {
  it('groups step activities by plugin and leaves out plugins with none', () => {
    expect(paletteGroups(PLUGINS, '').map((group) => [group.plugin.id, group.activities.map((entry) => entry.name)])).toEqual([
      ['lead-scoring', ['scoreProspect', 'matchPeople']],
      ['outreach', ['writeSequence']],
    ]);
  });

  it('finds activities by every word, in plugin and activity names and descriptions', () => {
    expect(paletteGroups(PLUGINS, 'scoring prospect').flatMap((group) => group.activities.map((entry) => entry.qualifiedName))).toEqual([
      'lead-scoring.scoreProspect',
    ]);
    expect(paletteGroups(PLUGINS, 'SEQUENCE')[0]!.plugin.id).toBe('outreach');
    expect(paletteGroups(PLUGINS, 'send')).toEqual([]);
  });

  it("offers only what the user's role may place, as the API says", () => {
    const pricing = plugin('ppm-pricing', 'Pricing', [
      activity('ppm-pricing', 'listSlices', 'Lists slices'),
      { ...activity('ppm-pricing', 'upsertBid', 'Sets a bid', false, false), access: 'admin' as const },
    ]);
    expect(paletteGroups([pricing], '').flatMap((group) => group.activities.map((entry) => entry.name))).toEqual(['listSlices']);
    expect(paletteGroups([pricing], 'bid')).toEqual([]);
  });
});

describe('stepActivities', () => {
  it('indexes step activities by qualified name, with their plugin', () => {
    const index = stepActivities(PLUGINS);
    expect(index.get('outreach.writeSequence')?.plugin.name).toBe('Outreach');
    expect(index.has('channel-email-smtp.send')).toBe(false);
  });
});
