import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS } from '../../src/features/insights/workspace-config/schemas.ts';
import { configEntries } from '../../src/features/insights/workspace-config/workspace-config.ts';
import { INBOUND_SECRET_HEADER } from '../../src/features/email/inbound/routes.ts';
import { inboundSecret } from '../../src/features/email/inbound/inbound-key.ts';
import { allRouteDocs } from '../../src/api/routes.ts';
import { BUILT_IN_PIPELINES } from '../../src/features/built-in-pipelines.ts';
import { bodyOf, type ContractClient, type ContractResponse } from './client.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';
import { routeKey, type RouteKey } from './routes.ts';

// What a workspace nobody has used yet answers on every list, metric and settings route.
let platform: ContractPlatform;
let fresh: ContractClient;

beforeAll(async () => {
  platform = await startContractPlatform('contract-empty');
  fresh = platform.client(uniqueWorkspace('empty'));
});
afterAll(async () => platform?.close());

const emptyList = (path: string) => async () => expect(bodyOf(await fresh.get(path))).toEqual([]);

/** One check per workspace-scoped GET route without path parameters. */
const EMPTY_STATES: Partial<Record<RouteKey, () => Promise<void>>> = {
  'GET /api/webhooks': emptyList('/api/webhooks'),
  'GET /api/webhooks/deliveries': emptyList('/api/webhooks/deliveries'),
  'GET /api/experiments': emptyList('/api/experiments'),
  // Not the workspace's data: what the installed plugins let an experiment decide, the same for a workspace nobody has used.
  'GET /api/experiments/decision-points': async () =>
    expect(bodyOf<Array<{ id: string }>>(await fresh.get('/api/experiments/decision-points')).map((point) => point.id)).toEqual([
      'first-email-template',
      'follow-up-gap',
      'opener-angle',
      'subject-style',
    ]),
  'GET /api/experiments/summary': async () =>
    expect(bodyOf(await fresh.get('/api/experiments/summary'))).toMatchObject({
      running: 0,
      finishedThisMonth: 0,
      testsThisMonth: 0,
      learningScore: null,
    }),
  'GET /api/agents/status': async () => {
    const plugins = bodyOf<Array<{ id: string; kind: string }>>(await fresh.get('/api/plugins', { workspace: null }));
    const agents = bodyOf<Array<{ agentName: string; performance: Record<string, number | null> }>>(await fresh.get('/api/agents/status'));
    expect(agents.map((agent) => agent.agentName)).toEqual(plugins.filter((plugin) => plugin.kind === 'agent').map((plugin) => plugin.id));
    // Nothing measured in this workspace: no engagement, no show-up rate, no accuracy.
    for (const agent of agents) expect(agent.performance).toMatchObject({ accuracy: null, precision: null, engagement: null });
  },
  // Nothing saved: only the built-ins, none of them run yet (the learning cycle's runs are not pipeline runs).
  'GET /api/pipelines': async () => {
    const pipelines = bodyOf<Array<{ pipelineId: string; builtIn: boolean; runs: { total: number } | null }>>(
      await fresh.get('/api/pipelines'),
    );
    expect(pipelines.map(({ pipelineId, builtIn, runs }) => [pipelineId, builtIn, runs && runs.total])).toEqual(
      BUILT_IN_PIPELINES.pipelines.map((builtIn) => [builtIn.definition.id, true, builtIn.recordsRuns ? 0 : null]),
    );
  },
  'GET /api/members': emptyList('/api/members'), // the client acts with an API token, which is no member
  'GET /api/invitations': emptyList('/api/invitations'),
  'GET /api/audit': emptyList('/api/audit'),
  'GET /api/mailboxes': emptyList('/api/mailboxes'),
  'GET /api/crm': async () =>
    expect(bodyOf(await fresh.get('/api/crm'))).toEqual({
      connection: null,
      providers: expect.arrayContaining([expect.objectContaining({ pluginId: 'crm-hubspot', connectWith: ['fields', 'oauth'] })]),
      log: [],
    }),
  'GET /api/calendars': async () =>
    expect(bodyOf(await fresh.get('/api/calendars'))).toEqual({
      calendars: [],
      providers: expect.arrayContaining([expect.objectContaining({ pluginId: 'calendar-caldav', connect: 'fields' })]),
    }),
  'GET /api/sending/forecast': async () => {
    // No mailbox: nothing waits and nothing could go out; one new mailbox would send 100 emails within weeks (it warms up).
    const forecast = bodyOf<{ mailboxes: number; waiting: number; finish: object; withAnotherMailbox: { days: number } }>(
      await fresh.get('/api/sending/forecast', { query: { emails: 100 } }),
    );
    expect(forecast).toMatchObject({ mailboxes: 0, waiting: 0, finish: { lastDay: null, days: null } });
    expect(forecast.withAnotherMailbox.days).toBeGreaterThan(0);
  },
  // Nothing written by a sequence yet: no email to review, none sent.
  'GET /api/outbox': async () => {
    expect(bodyOf(await fresh.get('/api/outbox'))).toEqual({ items: [], total: 0, page: 1, limit: 20 });
    expect(bodyOf(await fresh.get('/api/outbox', { query: { status: 'pending_review' } }))).toEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 20,
    });
  },
  // No email waits for its send and no sequence runs: nothing comes up next.
  'GET /api/outbox/next-up': async () => expect(bodyOf(await fresh.get('/api/outbox/next-up'))).toEqual({ items: [] }),
  // No message came from a prospect's address outside a thread of ours.
  'GET /api/replies/held': async () => expect(bodyOf(await fresh.get('/api/replies/held'))).toEqual({ items: [], total: 0 }),
  // Nobody has replied: nothing open, nothing done.
  'GET /api/inbox': async () => {
    expect(bodyOf(await fresh.get('/api/inbox'))).toEqual({ items: [], total: 0, open: 0 });
    expect(bodyOf(await fresh.get('/api/inbox', { query: { status: 'all' } }))).toEqual({ items: [], total: 0, open: 0 });
  },
  // Nobody unsubscribed, bounced or was added by hand.
  'GET /api/suppressions': async () =>
    expect(bodyOf(await fresh.get('/api/suppressions'))).toEqual({ items: [], total: 0, page: 1, limit: 25, byReason: [] }),
  // Never rotated: the webhook address of this workspace and its first secret (derived, nothing stored until a rotation).
  'GET /api/inbound/settings': async () => {
    const port = new URL(platform.url).port;
    expect(bodyOf(await fresh.get('/api/inbound/settings'))).toEqual({
      url: `http://localhost:${port}/api/inbound/email?workspace=${fresh.workspace}`,
      header: INBOUND_SECRET_HEADER,
      secret: await inboundSecret(platform.stack.db, platform.box, fresh.workspace),
    });
    expect(await platform.stack.db.inboundKeys.countDocuments({ workspaceId: fresh.workspace })).toBe(0);
  },
  'GET /api/tokens': async () => {
    // Only the token this client acts with (its owner's, made by the harness).
    const tokens = bodyOf<Array<{ name: string; role: string }>>(await fresh.get('/api/tokens'));
    expect(tokens.map(({ name, role }) => ({ name, role }))).toEqual([{ name: 'test owner', role: 'owner' }]);
  },
  'GET /api/runs': emptyList('/api/runs'),
  'GET /api/prospects': async () => {
    const page = await fresh.get('/api/prospects');
    expect([bodyOf(page), page.headers.get('x-total-count')]).toEqual([[], '0']);
  },
  'GET /api/prospects/filters': async () => {
    const options = bodyOf<{ industries: string[]; sources: string[] }>(await fresh.get('/api/prospects/filters'));
    expect(options.sources).toEqual([]);
    expect(options.industries.length).toBeGreaterThan(10); // the taxonomy's, whatever the workspace holds
  },
  'GET /api/prospects/states': async () => expect(bodyOf(await fresh.get('/api/prospects/states', { query: { ids: '1,2' } }))).toEqual([]),
  'GET /api/prospects/export.csv': async () => {
    const csv = await fresh.get('/api/prospects/export.csv');
    expect(csv.text.trimEnd().split('\r\n')).toEqual([expect.stringMatching(/^id,firstName,/)]);
  },
  'GET /api/campaigns': emptyList('/api/campaigns'),
  'GET /api/templates': async () => {
    const templates = bodyOf<Array<{ id: keyof typeof CONFIG_DEFAULTS.templatePerformance; performance: { response_rate: number } }>>(
      await fresh.get('/api/templates'),
    );
    expect(templates.map((template) => [template.id, template.performance.response_rate])).toEqual(
      Object.entries(CONFIG_DEFAULTS.templatePerformance),
    );
  },
  'GET /api/meetings': emptyList('/api/meetings'),
  'GET /api/meetings/slots': async () => {
    // An empty calendar offers the documented default number of future slots.
    const { slots } = bodyOf<{ slots: Array<{ start: string }> }>(await fresh.get('/api/meetings/slots'));
    expect(slots).toHaveLength(3);
    expect(slots.every((slot) => Date.parse(slot.start) > Date.now())).toBe(true);
  },
  'GET /api/pricing/slices': emptyList('/api/pricing/slices'),
  'GET /api/pricing/bids': emptyList('/api/pricing/bids'),
  'GET /api/pricing/ledger': async () => {
    expect(bodyOf(await fresh.get('/api/pricing/ledger'))).toEqual({
      meetingsCharged: 0,
      total: 0,
      noShows: 0,
      chargedMinor: 0,
      creditedMinor: 0,
      netMinor: 0,
      averagePpm: 0,
      currency: 'USD',
      bySlice: [],
      byMonth: [],
    });
  },
  'GET /api/billing/account': async () => expect(bodyOf(await fresh.get('/api/billing/account'))).toEqual({ account: null }),
  'GET /api/billing/upcoming': async () =>
    expect(bodyOf(await fresh.get('/api/billing/upcoming'))).toMatchObject({
      month: new Date().toISOString().slice(0, 7),
      currency: 'USD',
      lines: [],
      subtotalMinor: 0,
      creditsMinor: 0,
      totalMinor: 0,
    }),
  'GET /api/billing/invoices': async () => expect(bodyOf(await fresh.get('/api/billing/invoices'))).toEqual({ invoices: [] }),
  'GET /api/billing/payment-method': async () =>
    expect(bodyOf(await fresh.get('/api/billing/payment-method'))).toEqual({ paymentMethod: null, collection: 'send' }),
  'GET /api/billing/dunning': async () =>
    expect(bodyOf(await fresh.get('/api/billing/dunning'))).toEqual({ sendingPaused: null, invoices: [] }),
  'GET /api/billing/prepay': async () =>
    expect(bodyOf(await fresh.get('/api/billing/prepay'))).toMatchObject({ mode: 'off', invoiced: false, amountMinor: 0, lines: [] }),
  'GET /api/learning/status': async () => {
    // No schedule for a workspace nobody has configured: nothing is due, nothing gathered.
    expect(bodyOf(await fresh.get('/api/learning/status'))).toEqual({
      nextCycleAt: null,
      automaticCycles: true,
      lastCycleAt: null,
      pendingOutcomes: 0,
      pendingScoredLeads: 0,
      minSampleSize: 100,
      scoringRefit: null,
    });
  },
  'GET /api/icp': async () => {
    const missing: ContractResponse = await fresh.get('/api/icp');
    expect([missing.status, missing.text]).toEqual([
      404,
      'No ICP yet in this workspace: analyse 3 to 10 customer URLs in the ICP Builder first',
    ]);
  },
  'GET /api/config': async () => expect(bodyOf(await fresh.get('/api/config'))).toEqual(configEntries(CONFIG_DEFAULTS)),
  ...Object.fromEntries(
    (Object.keys(CONFIG_DEFAULTS) as Array<keyof typeof CONFIG_DEFAULTS>).map((key) => [
      `GET /api/config/${key}`,
      async () => expect(bodyOf(await fresh.get(`/api/config/${key}`))).toEqual({ configKey: key, configValue: CONFIG_DEFAULTS[key] }),
    ]),
  ),
  'GET /api/activity': emptyList('/api/activity'),
  // No offer until the team says what it sells (copy is refused until then).
  'GET /api/offer': async () => expect(bodyOf(await fresh.get('/api/offer'))).toEqual({ offer: null }),
  'GET /api/dashboard/metrics': async () => {
    expect(bodyOf(await fresh.get('/api/dashboard/metrics'))).toEqual({
      learning_cycles: 0,
      response_rate: 0,
      meeting_booked: 0,
      learning_score: 0,
    });
  },
  'GET /api/dashboard/trends': emptyList('/api/dashboard/trends'),
  'GET /api/dashboard/insights': emptyList('/api/dashboard/insights'),
};

describe('a fresh workspace', () => {
  it('has an empty-state check for every workspace-scoped GET route without path parameters', () => {
    const scoped = allRouteDocs.filter((doc) => doc.method === 'get' && !doc.params && doc.query && 'workspace' in doc.query.shape);
    expect(Object.keys(EMPTY_STATES).sort()).toEqual(scoped.map(routeKey).sort());
  });

  for (const [route, check] of Object.entries(EMPTY_STATES)) {
    it(`${route}: nothing yet`, check);
  }
});
