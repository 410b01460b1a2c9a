import { FAKE_HUBSPOT_TOKEN } from '@meetflow/plugin-crm-hubspot/testing';
import { ensureDefaultSlices } from '../../src/features/revenue/pricing/default-slices.ts';
import { bodyOf, type ContractClient } from './client.ts';
import {
  completedScoringRun,
  contractMailbox,
  customerSites,
  outboxEmail,
  qualifiedProspect,
  SCORING_INPUT,
  SCORING_PIPELINE,
} from './fixtures.ts';
import { until } from './poll.ts';
import type { ContractPlatform } from './harness.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';

/** Weights no workspace has by default, so a workspace scoring with them is told apart. */
/** B's billing account (A must never see or change it). */
export const B_BILLING_ACCOUNT = {
  billingEmail: 'billing@workspace-b.example',
  companyName: 'Workspace B Co',
  address: { line1: '2 Rue de B', city: 'Paris', postalCode: '75002', country: 'FR' },
  taxId: 'FR12345678901',
};

export const SKEWED_WEIGHTS = { companySize: 0.05, industryMatch: 0.05, techStack: 0.05, jobTitle: 0.85 };
/** Template rates no workspace has by default. */
export const LEARNED_RATES = { 'roi-focused': 0.5, 'pain-point': 0.4, 'value-prop': 0.3 };

/** A CSV of one prospect, imported in both workspaces. */
export const BO_CSV = 'firstName,lastName,email,company\nBo,Reyes,bo@quotewell.example,Quotewell\n';

/** Criteria both workspaces discover with (the sample database answers them). */
export const DISCOVERY = {
  icpCriteria: {
    industry: ['SaaS'],
    companySize: '50-200',
    jobTitles: ['VP Sales', 'Head of Sales'],
    techStack: ['Salesforce'],
    painPoints: [],
    revenue: '',
  },
  sources: ['linkedin'],
};

/** What workspace B holds once it has been used end to end, for A to look for. */
export interface WorkspaceB {
  runId: string;
  /** B's prospect-pipeline run (from process-prospect). */
  processRunId: string;
  batchId: string;
  meetingId: string;
  meetingSlot: string;
  /** B's sending mailbox. */
  mailboxId: string;
  /** B's connected CRM (the contract platform's fake HubSpot). */
  crmId: string;
  /** B's connected calendar (the contract platform's Radicale). */
  calendarId: string;
  /** An email of B's (to Bo, prospect 2, in campaign 1) waiting for review. */
  outboxId: string;
  /** The Message-ID of an email B sent Bo: a reply to it is threaded to Bo in B. */
  sentMessageId: string;
  /** An address on B's suppression list (added by hand). */
  suppressed: string;
}

/** B's emails to Bo, imported (prospect 2): his sequence's first step went out, the second waits for review. */
export const B_EMAILS = { sentMessageId: '<b-step-1@workspace-b.example>', pendingSubject: 'Step 2: a quick question' };

/**
 * Uses workspace B the way a customer would, through the API: prospects (typed and imported), a
 * campaign, learned config, a booked meeting, pricing slices and a bid, an ICP, a processed and
 * replied prospect (a run and a live sequence), a sending mailbox, a suppressed address, a saved pipeline with a
 * run and a batch, and a completed learning cycle.
 */
export async function useWorkspaceB(platform: ContractPlatform, b: ContractClient): Promise<WorkspaceB> {
  const ok = async <T>(answer: Promise<{ status: number; text: string; body: unknown; route: string }>): Promise<T> => {
    const { status, text, body, route } = await answer;
    if (status >= 300) throw new Error(`B could not use ${route}: ${status}: ${text}`);
    return body as T;
  };
  await ok(b.post('/api/prospects', qualifiedProspect(platform)));
  await ok(b.request('POST', '/api/prospects/import', { raw: { contentType: 'text/csv', text: BO_CSV } }));
  await ok(b.post('/api/campaigns', { name: 'B only', prospectIds: [1, 2] }));
  await ok(b.put('/api/config/templatePerformance', { configValue: LEARNED_RATES }));
  await ok(b.put('/api/config/scoringWeights', { configValue: SKEWED_WEIGHTS }));

  // The second slot, not the first: the first may fall inside the notice period by the time A's tests run.
  const { slots } = await ok<{ slots: Array<{ start: string }> }>(b.get('/api/meetings/slots', { query: { count: 2 } }));
  const meetingSlot = slots[1]!.start;
  const { meeting } = await ok<{ meeting: { id: string } }>(
    b.post('/api/meetings', {
      prospectId: 1,
      prospect: { name: 'Ada Lane', email: 'ada@pipelinepilot.example' },
      scheduledAt: meetingSlot,
    }),
  );
  await ensureDefaultSlices(platform.pluginDeps, b.workspace);
  await ok(b.post('/api/pricing/bid', { sliceId: 'standard', baseBid: 2, maxDailyMeetings: 7, dailyBudgetCap: 200, isEnabled: true }));
  await ok(b.put('/api/billing/account', B_BILLING_ACCOUNT));

  await ok(b.post('/api/superagent/analyze-icp', { urls: customerSites(platform) }));
  await ok(b.put('/api/offer', { ...SAMPLE_OFFER, companyName: 'Workspace B Co' }));
  const mailbox = await ok<{ id: string }>(b.post('/api/mailboxes', contractMailbox(1, 'sales@workspace-b.example')));
  const { url: serverUrl, username, password } = platform.caldav;
  const calendar = await ok<{ id: string }>(
    b.post('/api/calendars', { pluginId: 'calendar-caldav', account: { serverUrl, username, password } }),
  );
  const crm = await ok<{ id: string }>(b.post('/api/crm', { pluginId: 'crm-hubspot', account: { privateAppToken: FAKE_HUBSPOT_TOKEN } }));
  const suppressed = 'blocked@workspace-b.example';
  await ok(b.post('/api/suppressions', { entries: [suppressed], reason: 'B only' }));
  const processed = await ok<{ runId: string }>(b.post('/api/superagent/process-prospect', { prospectId: 1 }));
  await ok(b.post('/api/replies', { prospectId: 1, body: 'Sounds interesting. Could we talk next Tuesday?' }));

  const bo = { id: 2, email: 'bo@quotewell.example' };
  await platform.stack.db.outbox.create(
    outboxEmail(b.workspace, bo, 1, { campaignId: 1, status: 'sent', sentAt: new Date(), messageId: B_EMAILS.sentMessageId }),
  );
  const pending = await platform.stack.db.outbox.create(outboxEmail(b.workspace, bo, 2, { campaignId: 1 }));

  const run = await completedScoringRun(b);
  const batch = await ok<{ batchId: string }>(b.post(`/api/pipelines/${SCORING_PIPELINE.id}/batches`, { inputs: [SCORING_INPUT] }));
  await ok(b.post('/api/learning/trigger'));
  await until(
    async () => bodyOf<{ learning_cycles: number }>(await b.get('/api/dashboard/metrics')).learning_cycles,
    (cycles) => cycles === 1,
    "B's learning cycle",
  );
  return {
    runId: run.runId,
    batchId: batch.batchId,
    meetingId: meeting.id,
    meetingSlot,
    processRunId: processed.runId,
    mailboxId: mailbox.id,
    calendarId: calendar.id,
    crmId: crm.id,
    outboxId: pending.id,
    sentMessageId: B_EMAILS.sentMessageId,
    suppressed,
  };
}
