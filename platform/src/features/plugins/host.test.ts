import { describe, expect, it } from 'vitest';
import { PluginHost } from './host.ts';
import { installedPlugins } from './installed.ts';

describe('the installed plugins', () => {
  it('are the seven agents, the four prospect sources, the sample source and the email channel, and they load with their default settings', () => {
    const host = PluginHost.load(installedPlugins);
    expect(host.describe().map((plugin) => [plugin.id, plugin.kind])).toEqual([
      ...['research', 'lead-scoring', 'outreach', 'engagement-analysis', 'meeting-booking', 'learning-engine', 'ppm-pricing'].map((id) => [
        id,
        'agent',
      ]),
      ...['source-linkedin', 'source-crunchbase', 'source-apollo', 'source-zoominfo', 'source-sample'].map((id) => [id, 'source']),
      ['channel-email-smtp', 'channel'],
    ]);
    const activities = [...host.activityIndex().keys()];
    for (const name of [
      'research.enrichCompany',
      'lead-scoring.scoreProspect',
      'outreach.writeSequence',
      'engagement-analysis.classifyReply',
      'meeting-booking.bookMeeting',
      'learning-engine.runLearningCycle',
      'ppm-pricing.chargeMeeting',
    ]) {
      expect(activities).toContain(name);
    }
    expect(
      host
        .describe()
        .filter((plugin) => plugin.source?.standIn)
        .map((plugin) => plugin.id),
    ).toEqual(['source-sample']);
  });
});
