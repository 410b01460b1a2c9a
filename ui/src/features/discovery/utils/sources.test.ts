import { describe, expect, it } from 'vitest';
import type { PluginDescription } from '../../plugins/index.ts';
import { dataSourcesOf, defaultSources, sourceLabel, toggleSource } from './sources.ts';

const plugin = (id: string, kind: string, source?: { displayName: string; configured: boolean; standIn?: boolean }): PluginDescription => ({
  id,
  name: id,
  version: '0.1.0',
  description: '',
  kind,
  ui: { icon: 'x', color: '#000', category: 'c' },
  config: { schema: {}, defaults: {}, values: {}, serverOnly: [] },
  activities: [],
  collections: [],
  ...(source ? { source: { standIn: false, ...source, credentials: [], credentialsTest: '' } } : {}),
});
// What GET /api/plugins answers: agents, the built-in sources in order, and a source added later with new-plugin.
const plugins = [
  plugin('research', 'agent'),
  plugin('source-linkedin', 'source', { displayName: 'LinkedIn Sales Navigator', configured: false }),
  plugin('source-crunchbase', 'source', { displayName: 'Crunchbase', configured: false }),
  plugin('source-apollo', 'source', { displayName: 'Apollo.io', configured: true }),
  plugin('source-zoominfo', 'source', { displayName: 'ZoomInfo', configured: false }),
  plugin('source-acme-leads', 'source', { displayName: 'Acme Leads', configured: true }),
  plugin('source-sample', 'source', { displayName: 'Sample database', configured: true, standIn: true }),
];
const list = dataSourcesOf(plugins);

describe('dataSourcesOf', () => {
  it("lists every installed source plugin in the API's order, named by its manifest, a new one included, the sample source not", () => {
    expect(list).toEqual([
      { id: 'linkedin', label: 'LinkedIn Sales Navigator', configured: false },
      { id: 'crunchbase', label: 'Crunchbase', configured: false },
      { id: 'apollo', label: 'Apollo.io', configured: true },
      { id: 'zoominfo', label: 'ZoomInfo', configured: false },
      { id: 'acme-leads', label: 'Acme Leads', configured: true },
    ]);
  });
});

describe('defaultSources', () => {
  it('ticks LinkedIn (spec section 2), or the first source when LinkedIn is not installed, or none', () => {
    expect(defaultSources(list)).toEqual(['linkedin']);
    expect(defaultSources(list.slice(2))).toEqual(['apollo']);
    expect(defaultSources([])).toEqual([]);
  });
});

describe('toggleSource', () => {
  it('adds and removes a source, keeping the checklist order', () => {
    expect(toggleSource(list, ['linkedin'], 'zoominfo')).toEqual(['linkedin', 'zoominfo']);
    expect(toggleSource(list, ['zoominfo'], 'crunchbase')).toEqual(['crunchbase', 'zoominfo']);
    expect(toggleSource(list, ['linkedin', 'apollo'], 'linkedin')).toEqual(['apollo']);
    expect(toggleSource(list, ['acme-leads'], 'apollo')).toEqual(['apollo', 'acme-leads']);
  });
});

describe('sourceLabel', () => {
  it('names each source by its display name, and an unknown one by its id', () => {
    expect(sourceLabel(list, 'linkedin')).toBe('LinkedIn Sales Navigator');
    expect(sourceLabel(list, 'acme-leads')).toBe('Acme Leads');
    expect(sourceLabel(list, 'gone')).toBe('gone');
  });
});
