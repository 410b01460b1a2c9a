import { StepConfigError, type BoundActivity } from '@meetflow/plugin-sdk';
import { fixedClock, mockActivityEnvironment, noNetwork } from '@meetflow/plugin-sdk/testing';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { mathPlugin } from '../../../../dev/testing/math-plugin.ts';
import { PluginHost, type HostServices } from './host.ts';
import { installedPlugins } from './installed.ts';

describe('the installed plugins', () => {
  it('are the seven agents, the four prospect sources, the sample source, the email channel, the three calendars (CalDAV, Google, Microsoft), the three CRMs and the payment providers, and they load with their default settings', () => {
    const host = PluginHost.load(installedPlugins);
    expect(host.describe().map((plugin) => [plugin.id, plugin.kind])).toEqual([
      ...['research', 'lead-scoring', 'outreach', 'engagement-analysis', 'meeting-booking', 'learning-engine', 'ppm-pricing'].map((id) => [
        id,
        'agent',
      ]),
      ...['source-linkedin', 'source-crunchbase', 'source-apollo', 'source-zoominfo', 'source-sample'].map((id) => [id, 'source']),
      ['channel-email-smtp', 'channel'],
      ...['calendar-caldav', 'calendar-google', 'calendar-microsoft'].map((id) => [id, 'calendar']),
      ...['crm-hubspot', 'crm-pipedrive', 'crm-salesforce'].map((id) => [id, 'crm']),
      ...['payments-paypal', 'payments-stripe'].map((id) => [id, 'payments']),
    ]);
    const activities = [...host.activityIndex().keys()];
    // A calendar's activities carry the account's password or tokens: none is ever a Temporal activity.
    expect(activities.filter((name) => name.startsWith('calendar-'))).toEqual([]);
    // Nor a CRM's, which carry its token.
    expect(activities.filter((name) => name.startsWith('crm-'))).toEqual([]);
    // Nor a payment provider's, which carry its secret key.
    expect(activities.filter((name) => name.startsWith('payments-'))).toEqual([]);
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

describe("a plugin bound with a step's own config", () => {
  const host = PluginHost.load([mathPlugin], { math: { factor: 4, token: 'server-secret' } });
  const services: HostServices = {
    connection: {} as never,
    http: noNetwork,
    logger: pino({ level: 'silent' }),
    clock: fixedClock('2026-01-05T09:00:00Z'),
    llm: null,
  };
  const run = (activity: BoundActivity, n: number) => mockActivityEnvironment().run(activity, { n });

  it("runs with the step's fields over the server's settings, and without config on the server's alone", async () => {
    const stepActivities = host.stepActivities(services);
    expect(await run(stepActivities('math', { factor: 10 })['math.scale']!, 2)).toEqual({ n: 20 });
    expect(await run(host.activities(services)['math.scale']!, 2)).toEqual({ n: 8 });
  });

  it('binds each distinct merged config once: an equal config, whatever its key order, gets the same activities', () => {
    const stepActivities = host.stepActivities(services);
    const ten = stepActivities('math', { factor: 10 })['math.scale'];
    expect(stepActivities('math', { factor: 10 })['math.scale']).toBe(ten);
    expect(stepActivities('math', { factor: 4 })['math.scale']).not.toBe(ten);
  });

  it('refuses a config that does not fit, naming each field, and a secret', () => {
    const stepActivities = host.stepActivities(services);
    expect(() => stepActivities('math', { factor: 'x', token: 'mine' })).toThrow(StepConfigError);
    expect(() => stepActivities('math', { factor: 'x', token: 'mine' })).toThrow(/token holds a secret.*; factor Invalid input/);
  });
});
