import { describe, expect, it } from 'vitest';
import { PluginHost } from './host.ts';
import { installedPlugins } from './installed.ts';

describe('the installed plugins', () => {
  it('are the seven agents, and they load with their default settings', () => {
    const host = PluginHost.load(installedPlugins);
    expect(host.describe().map((plugin) => plugin.id)).toEqual([
      'research', 'lead-scoring', 'outreach', 'engagement-analysis', 'meeting-booking', 'learning-engine', 'ppm-pricing',
    ]);
    const activities = [...host.activityIndex().keys()];
    for (const name of ['research.enrichCompany', 'lead-scoring.scoreProspect', 'outreach.writeSequence',
      'engagement-analysis.classifyReply', 'meeting-booking.bookMeeting', 'learning-engine.runLearningCycle', 'ppm-pricing.chargeMeeting']) {
      expect(activities).toContain(name);
    }
  });
});
