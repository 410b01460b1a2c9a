import { sourceApolloPlugin } from '@meetflow/plugin-source-apollo';
import { sourceLinkedinPlugin } from '@meetflow/plugin-source-linkedin';
import { sourceZoominfoPlugin } from '@meetflow/plugin-source-zoominfo';
import { describe, expect, it } from 'vitest';
import { PluginHost } from '../../runs/plugins/host.ts';
import { isConfigured } from './sources.ts';

const host = (settings: Record<string, unknown>) => ({
  host: PluginHost.load([sourceApolloPlugin, sourceZoominfoPlugin, sourceLinkedinPlugin], settings),
});

describe('isConfigured', () => {
  it('needs every credential a source signs in with', () => {
    expect(isConfigured(host({}), 'apollo')).toBe(false);
    expect(isConfigured(host({ 'source-apollo': { apiKey: '  ' } }), 'apollo')).toBe(false);
    expect(isConfigured(host({ 'source-apollo': { apiKey: 'key' } }), 'apollo')).toBe(true);
    expect(isConfigured(host({ 'source-zoominfo': { apiKey: 'password' } }), 'zoominfo')).toBe(false);
    expect(isConfigured(host({ 'source-zoominfo': { apiKey: 'password', username: 'me@example.com' } }), 'zoominfo')).toBe(true);
    expect(isConfigured(host({ 'source-linkedin': { exportPath: '/tmp/leads.csv' } }), 'linkedin')).toBe(true);
  });

  it('is false for a source whose plugin is not installed', () => {
    expect(isConfigured(host({}), 'crunchbase')).toBe(false);
  });
});
