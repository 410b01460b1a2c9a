import type { Connection } from 'mongoose';
import { expect } from 'vitest';
import { billingInvoiceModel } from '../../src/features/revenue/billing/model.ts';
import { INBOUND_SECRET_HEADER } from '../../src/features/email/inbound/routes.ts';
import type { OutboxMessage } from '../../src/features/email/outbox/model.ts';
import { bodyOf, type ContractClient } from './client.ts';
import type { ContractPlatform } from './harness.ts';
import { until } from './poll.ts';

/** A one-step pipeline over an installed plugin: scores a prospect against ICP criteria (no network). */
export const SCORING_PIPELINE = {
  id: 'contract-scoring',
  name: 'Contract scoring',
  nodes: [{ id: 'score', activity: 'lead-scoring.scoreProspect', input: { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' } }],
};

/** An input of SCORING_PIPELINE. */
export const SCORING_INPUT = {
  prospect: { jobTitle: 'VP of Sales', company: 'Pipeline Pilot', employeeCount: 90 },
  icp: { industry: ['Software'], companySize: '50-200 employees', jobTitles: ['VP of Sales'], techStack: [], painPoints: [] },
};

/** The three sample sales-software customer sites: enough for one ICP slice. */
export const customerSites = (platform: ContractPlatform): string[] =>
  ['pipelinepilot', 'quotewell', 'callcraft'].map((name) => `${platform.samples.url}/${name}/`);

/** A prospect the built-in pipeline can research (its site is a sample site) and qualifies. */
export const qualifiedProspect = (platform: ContractPlatform, email = 'ada@pipelinepilot.example') => ({
  firstName: 'Ada',
  lastName: 'Lane',
  company: 'Pipeline Pilot',
  jobTitle: 'VP of Sales',
  employeeCount: 90,
  email,
  website: `${platform.samples.url}/pipelinepilot/`,
});

/** A run as the contract tests read it. */
export interface RunView {
  runId: string;
  status: string;
  steps: Record<string, { status: string }>;
}

/** Polls GET /api/runs/{id} until the run has ended, and answers it. */
export const endedRun = (client: ContractClient, runId: string): Promise<RunView> =>
  until(
    async () => bodyOf<RunView>(await client.get(`/api/runs/${runId}`)),
    (run) => run.status === 'completed' || run.status === 'failed',
    `run ${runId}`,
  );

/** Saves SCORING_PIPELINE in the client's workspace, runs it once to the end, and answers the run. */
export async function completedScoringRun(client: ContractClient): Promise<RunView> {
  expect((await client.post('/api/pipelines', SCORING_PIPELINE)).status).toBe(201);
  const started = bodyOf<RunView>(await client.post(`/api/pipelines/${SCORING_PIPELINE.id}/runs`, { input: SCORING_INPUT }));
  const run = await endedRun(client, started.runId);
  expect(run.status).toBe('completed');
  return run;
}

/** A person signed up through the API (their own workspace made), as their browser holds them: the session cookie. */
export interface SignedUp {
  cookie: string;
  userId: string;
  email: string;
}

/** Signs a new person up (no API token sent), and answers their session. */
export async function signUpPerson(client: ContractClient, label: string): Promise<SignedUp> {
  const email = `${label}-${Math.random().toString(36).slice(2, 8)}@${client.workspace}.example`;
  await client.post('/api/auth/signup', { email, password: 'a long passphrase', name: label }, { workspace: null, anonymous: true });
  // A sign-up signs nobody in (its answer is the same for a taken address): signing in does.
  const answer = await client.post('/api/auth/login', { email, password: 'a long passphrase' }, { workspace: null, anonymous: true });
  const { user } = bodyOf<{ user: { id: string } }>(answer);
  const cookie = (answer.headers.getSetCookie().find((line) => line.startsWith('meetflow_session=')) ?? '').split(';')[0]!;
  return { cookie, userId: user.id, email };
}

/** Invites into the client's workspace (as its owner) and has `person` accept: they are then a member with `role`. */
export async function addMember(client: ContractClient, person: SignedUp, role: string): Promise<void> {
  const { token } = bodyOf<{ token: string }>(await client.post('/api/invitations', { role }));
  const accepted = await client.post(
    '/api/invitations/accept',
    { token },
    { workspace: null, anonymous: true, headers: { cookie: person.cookie } },
  );
  expect(accepted.status, accepted.text).toBe(200);
}

/**
 * A sending mailbox whose SMTP server is a port nothing listens on: Test connection answers
 * `ok: false` at once (the mailbox feature's own tests log in to a real SMTP server).
 */
export const contractMailbox = (port: number, fromAddress = 'ada@contract.example') => ({
  fromName: 'Ada Lane',
  fromAddress,
  signature: 'Ada Lane\nHead of Sales',
  smtp: { host: '127.0.0.1', port, tls: 'none', user: 'ada' },
  password: 'contract smtp password',
});

/**
 * A reply as an inbound-parse webhook posts it (RFC 822, CRLF lines), from `from`, answering the
 * email with Message-ID `inReplyTo` when given.
 */
export function rawReply(from: string, text = 'Thanks, but not right now.', inReplyTo?: string): string {
  return [
    `From: ${from}`,
    'To: Ada Lane <ada@contract.example>',
    'Subject: Re: A quick question',
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    `Message-ID: <reply-${Math.random().toString(36).slice(2)}@contract.example>`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

/** Posts a raw email to a workspace's inbound webhook, as the webhook does: no API token, the secret in its header. */
export const postInbound = (client: ContractClient, raw: string, secret: string | undefined, workspace = client.workspace) =>
  client.request('POST', '/api/inbound/email', {
    workspace,
    anonymous: true,
    headers: secret === undefined ? {} : { [INBOUND_SECRET_HEADER]: secret },
    raw: { contentType: 'message/rfc822', text: raw },
  });

/** An email a sequence wrote, put in the outbox the way the sequence's queue step does (status: waiting for review, unless given). */
export const outboxEmail = (
  workspaceId: string,
  prospect: { id: number; email: string },
  step: number,
  more: Partial<OutboxMessage> = {},
): Partial<OutboxMessage> => ({
  workspaceId,
  sequenceId: `sequence-${workspaceId}-${prospect.id}`,
  prospectId: prospect.id,
  campaignId: null,
  step,
  email: prospect.email,
  subject: `Step ${step}: a quick question`,
  body: `Hello, this is step ${step}.`,
  status: 'pending_review',
  ...more,
});

/** An interested reply of `prospect`'s in a workspace's Inbox, as a threaded one is put there (db.inboxMessages.create it). */
export const inboxMessage = (workspaceId: string, key: string, prospect: { id: number; email: string }, text: string) => ({
  workspaceId,
  key,
  prospectId: prospect.id,
  from: prospect.email,
  subject: 'Re: hello',
  text,
  receivedAt: new Date(),
  source: 'thread' as const,
  category: 'interested',
  confidence: 0.8,
  action: 'stop' as const,
  meetingIntent: 0.9,
  returnDate: null,
  proposedTimes: [],
});

/** The UTC month before this one, YYYY-MM: one that has ended, so it may be invoiced. */
export const lastMonth = (): string => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

/**
 * A month's invoice stored as issued through Stripe (the contract's server has no Stripe account;
 * features/revenue/billing/invoices.test.ts issues them through stripe-mock): what a repeat answers.
 */
export const issuedInvoice = (connection: Connection, workspaceId: string, month: string) =>
  billingInvoiceModel(connection).create({
    workspaceId,
    month,
    provider: 'payments-stripe',
    externalId: `invoice:${workspaceId}:${month}`,
    status: 'open',
    currency: 'USD',
    lines: [
      {
        key: 'ffffffffffffffffffffffff:charge:1',
        kind: 'charge',
        meetingId: 'ffffffffffffffffffffffff',
        description: 'Attended meeting',
        amountMinor: 12_000,
      },
    ],
    subtotalMinor: 12_000,
    creditsMinor: 0,
    totalMinor: 12_000,
    customer: 'cus_contract',
    invoice: 'in_contract',
    number: 'MF-CONTRACT-1',
    hostedUrl: 'https://invoice.stripe.com/i/contract',
    pdfUrl: null,
    creditNotes: [],
    issuedBy: 'contract',
    issuedAt: new Date(),
  });
