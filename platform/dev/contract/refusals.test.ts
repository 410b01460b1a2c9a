import { FAKE_HUBSPOT_TOKEN } from '@meetflow/plugin-crm-hubspot/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CSV_BYTES } from '../../src/features/prospecting/prospects/import-routes.ts';
import { CONFIG_DEFAULTS } from '../../src/features/insights/workspace-config/schemas.ts';
import { allRouteDocs } from '../../src/api/routes.ts';
import { isAccessAnswer } from '../../src/core/http/api-route.ts';
import { bodyOf, type ContractClient, type ContractResponse } from './client.ts';
import {
  addMember,
  completedScoringRun,
  contractMailbox,
  inboxMessage,
  lastMonth,
  outboxEmail,
  postInbound,
  qualifiedProspect,
  rawReply,
  SCORING_INPUT,
  SCORING_PIPELINE,
  signUpPerson,
  type RunView,
  type SignedUp,
} from './fixtures.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';
import { routeKey } from './routes.ts';
import { freePort } from '../devstack/ports.ts';
import { until } from './poll.ts';
import { inboundSecret } from '../../src/features/email/inbound/inbound-key.ts';
import { openPixelToken } from '../../src/features/email/sending/open-tracking.ts';
import { holdReply } from '../../src/features/email/replies/held-replies.ts';
import { ownerToken } from '../testing/principal.ts';
import { meetingTookPlace } from '../testing/meetings.ts';
import { PROSPECT_PIPELINE } from '../../src/features/prospecting/superagent/prospect-pipeline.ts';
import { issueLink } from '../../src/features/accounts/auth/account-links.ts';
import { issueBookingLink } from '../../src/features/revenue/booking-links/links.ts';
import { sealCalendarSecret } from '../../src/features/revenue/calendars/account-secret.ts';
import { createHash } from 'node:crypto';

// Every documented refusal beyond a bad field (unknown ids, conflicts, wrong uploads) answered for real, in words a person can act on.
let platform: ContractPlatform;
let client: ContractClient;
let run: RunView;
const meetings = { completed: '', cancelled: '', slot: '', ahead: '' };

/** Signed in as `person` (their session cookie, no API token), acting in no workspace. */
const asPerson = (person: SignedUp) => ({ workspace: null, anonymous: true, headers: { cookie: person.cookie } });

/** Exempt documented statuses, with why no contract request can produce them. */
/** Why a retried batch's saved version cannot fail to run on the contract platform (runs.test.ts refuses such a definition). */
const UNINSTALLED = 'only when a plugin a saved version uses was uninstalled since it was saved, which a running API cannot do';
const EXEMPT: Record<string, string> = {
  'POST /api/webhooks 503':
    'only in production without MEETFLOW_SECRETS_KEY, and the contract platform always runs with one (the same requireBox refusal is served in features/email/mailboxes/routes.test.ts)',
  'POST /api/webhooks/{id}/rotate-secret 503':
    'only in production without MEETFLOW_SECRETS_KEY, and the contract platform always runs with one (the same requireBox refusal is served in features/email/mailboxes/routes.test.ts)',
  'POST /api/webhooks/{id}/rotate-secret 409':
    'only when two rotations of one endpoint land at the same moment (the second finds the secret changed)',
  'POST /api/webhooks/deliveries/{id}/replay 503': 'only on a server without Temporal, and the contract platform has one',
  'POST /api/pipelines 409': 'only when concurrent saves of one pipeline keep colliding on its next version',
  'POST /api/batches/{id}/retry-failed 422': UNINSTALLED,
  'GET /api/health 503': 'only while a dependency is down (http/app.test.ts stops one)',
  'PUT /api/billing/account 503':
    'only when the workflow service does not answer (the cycle is not started), and the contract platform has one',
  'GET /api/billing/payment-method 422':
    "only when Stripe refuses to read the workspace's customer, and the contract platform has no Stripe account (features/revenue/billing/payment-method.test.ts serves it)",
  'POST /api/billing/webhooks/paypal 503':
    'only without MEETFLOW_PAYPAL_WEBHOOK_ID or the PayPal app, when PayPal cannot verify now, or when acting on an event fails, and the contract platform has all of them (features/revenue/billing/paypal.test.ts serves the first)',
  'POST /api/billing/webhooks/stripe 503':
    'only without MEETFLOW_STRIPE_WEBHOOK_SECRET or when acting on an event fails, and the contract platform has the secret (features/revenue/billing/webhooks.test.ts serves the first)',
  'POST /api/auth/signup 429':
    'only past MEETFLOW_SIGNUPS_PER_HOUR sign-ups from one address in an hour, which the contract platform raises for its many (features/accounts/auth/routes.test.ts serves it)',
  'POST /api/auth/verify-email/resend 503':
    'only on a server without MEETFLOW_SYSTEM_MAIL_URL, and the contract platform has one (features/accounts/auth/routes.test.ts serves it)',
  'POST /api/calendars/{id}/test 409':
    "only after MEETFLOW_SECRETS_KEY changed (the sealed password no longer opens) or a calendar's server came to resolve to a private address, which a running API cannot show (features/revenue/calendars/calendars.test.ts serves the address check at connect)",
  'POST /api/calendars/notifications/{provider} 503':
    'only when the workflow service does not answer the signal, and the contract platform has one (the provider delivers the notification again)',
  'POST /api/calendars/{id}/test 503':
    'only in production without MEETFLOW_SECRETS_KEY, or when the calendar plugin was uninstalled since it was connected, which a running API cannot do',
  'POST /api/crm/{id}/test 409':
    'only after MEETFLOW_SECRETS_KEY changed (the sealed token no longer opens), which a running API cannot show (features/revenue/crm/crm.test.ts stores an unusable token for the sync)',
  'POST /api/crm/{id}/test 503':
    'only in production without MEETFLOW_SECRETS_KEY, or when the CRM plugin was uninstalled since it was connected, which a running API cannot do',
  'POST /api/oauth/{pluginId}/start 503':
    'only in production without MEETFLOW_SECRETS_KEY, and the contract platform always runs with one (the same requireBox refusal is served in features/email/mailboxes/routes.test.ts)',
  'POST /api/mailboxes 503': 'only in production without MEETFLOW_SECRETS_KEY (features/email/mailboxes/routes.test.ts serves that)',
  'PATCH /api/mailboxes/{id} 503': 'only in production without MEETFLOW_SECRETS_KEY (features/email/mailboxes/routes.test.ts serves that)',
  'POST /api/mailboxes/{id}/test 503':
    'only in production without MEETFLOW_SECRETS_KEY (features/email/mailboxes/routes.test.ts serves that)',
  'POST /api/mailboxes/{id}/check-inbox 503': 'only on a server without Temporal (features/email/mailboxes/routes.test.ts serves that)',
  'POST /api/mailboxes/{id}/test 409':
    'only after MEETFLOW_SECRETS_KEY changed, which a running API cannot (features/email/mailboxes/routes.test.ts)',
  'GET /api/booking-links/{prospectId} 503':
    'only on a server without a secrets key (production without MEETFLOW_SECRETS_KEY), and the contract platform always runs with one (features/revenue/booking-links/booking-links.test.ts serves it)',
  'POST /api/inbound/email 503':
    'only in production without MEETFLOW_SECRETS_KEY, and the contract platform always runs with one (the same requireBox refusal is served in features/email/mailboxes/routes.test.ts)',
  'GET /api/inbound/settings 503':
    'only in production without MEETFLOW_SECRETS_KEY, and the contract platform always runs with one (the same requireBox refusal is served in features/email/mailboxes/routes.test.ts)',
  'POST /api/inbound/settings/rotate 503':
    'only in production without MEETFLOW_SECRETS_KEY, and the contract platform always runs with one (the same requireBox refusal is served in features/email/mailboxes/routes.test.ts)',
};

/** A token no booking link has (the shape of a real one). */
const UNKNOWN_TOKEN = 'x'.repeat(43);
/** Ada's booking link of a sequence of that name (as enrolment makes it, under the API's key), its record then changed by `change`. */
async function bookingToken(sequence: string, change: Record<string, unknown> = {}): Promise<string> {
  const sequenceId = `contract-${sequence}`;
  const issued = await issueBookingLink(platform.stack.db, platform.box, { workspaceId: client.workspace, prospectId: 1, sequenceId });
  if (Object.keys(change).length > 0)
    await platform.stack.db.bookingLinks.updateOne({ workspaceId: client.workspace, sequenceId }, { $set: change });
  return issued!.token;
}
/** A Google calendar of a workspace of its own with a push channel (its token's hash stored, as a connect stores it): the channel id. */
async function watchedCalendar(): Promise<string> {
  const workspaceId = uniqueWorkspace('notified');
  const publicId = createHash('sha256').update(workspaceId).digest('hex').slice(0, 16);
  const channelId = `contract-channel-${publicId}`;
  await platform.stack.db.calendarAccounts.create({
    workspaceId,
    publicId,
    pluginId: 'calendar-google',
    auth: 'oauth',
    fields: {},
    secret: sealCalendarSecret(platform.box, { workspaceId, publicId }, { tokens: {} }),
    push: {
      channelId,
      resourceId: 'contract-resource',
      tokenHash: createHash('sha256').update('the-channel-token').digest('hex'),
      address: 'https://meetflow.example/api/calendars/notifications/calendar-google',
      expiresAt: new Date(Date.now() + 86_400_000),
      error: null,
    },
  });
  return channelId;
}
/** A prospect opening their link: signed out, naming no workspace. */
const anonymous = {
  get: (path: string) => client.get(path, { workspace: null, anonymous: true }),
  post: (path: string, body?: unknown) => client.post(path, body, { workspace: null, anonymous: true }),
};

const refused =
  (status: number, ...mentions: string[]) =>
  (answer: ContractResponse) => {
    expect([answer.status, answer.text]).toEqual([status, expect.any(String)]);
    for (const words of mentions) expect(answer.text).toContain(words);
    return answer;
  };
const book = async (prospectId: number, scheduledAt: string) =>
  bodyOf<{ meeting: { id: string } }>(
    await client.post('/api/meetings', {
      prospectId,
      prospect: { name: `Prospect ${prospectId}`, email: `p${prospectId}@acme.example` },
      scheduledAt,
    }),
  ).meeting.id;

beforeAll(async () => {
  platform = await startContractPlatform('contract-refusals');
  client = platform.client(uniqueWorkspace('refusals'));
  // Meetings are booked for the workspace's own prospects: Ada (1) and Bo (2).
  expect((await client.post('/api/prospects', qualifiedProspect(platform))).status).toBe(201);
  expect(
    (await client.post('/api/prospects', { ...qualifiedProspect(platform, 'bo@pipelinepilot.example'), firstName: 'Bo' })).status,
  ).toBe(201);
  run = await completedScoringRun(client);
  // Slots from the second on: the first may slip into the notice period while the setup runs.
  const { slots } = bodyOf<{ slots: Array<{ start: string }> }>(await client.get('/api/meetings/slots', { query: { count: 4 } }));
  [meetings.completed, meetings.cancelled] = [await book(1, slots[1]!.start), await book(2, slots[2]!.start)];
  meetings.slot = slots[3]!.start; // stays booked: the clash case books it again
  meetings.ahead = await book(1, meetings.slot);
  await meetingTookPlace(platform.stack.database, meetings.completed); // attendance is marked once a meeting has started
  expect((await client.post(`/api/meetings/${meetings.completed}/outcome`, { outcome: 'completed' })).status).toBe(200);
  expect((await client.post(`/api/meetings/${meetings.cancelled}/outcome`, { outcome: 'cancelled' })).status).toBe(200);
});
afterAll(async () => platform?.close());

/** A batch of one scoring run (it succeeds), once it has ended. */
async function endedBatch(): Promise<string> {
  const { batchId } = bodyOf<{ batchId: string }>(
    await client.post(`/api/pipelines/${SCORING_PIPELINE.id}/batches`, { inputs: [SCORING_INPUT] }),
  );
  await until(
    async () => bodyOf<{ status: string }>(await client.get(`/api/batches/${batchId}`)).status,
    (status) => status !== 'running',
    `batch ${batchId}`,
  );
  return batchId;
}

/** A pipeline whose one step only an admin may place: setting a bid. */
const ADMIN_STEP = {
  id: 'contract-admin-step',
  name: 'Admin step',
  nodes: [{ id: 'bid', activity: 'ppm-pricing.upsertBid', input: { sliceId: 'standard', baseBid: 1 } }],
};
let savedAdminStep: Promise<unknown> | undefined;
/** ADMIN_STEP saved by the workspace's owner (once). */
const ownersAdminPipeline = () => (savedAdminStep ??= client.post('/api/pipelines', ADMIN_STEP).then(bodyOf));
let salesOpsToken: Promise<string> | undefined;
/** Request options of a sales-ops member of the workspace (an API token of that role, made by its owner). */
async function asSalesOps() {
  salesOpsToken ??= client
    .post('/api/tokens', { name: 'sales ops', role: 'sales-ops' })
    .then((answer) => bodyOf<{ token: string }>(answer).token);
  return { headers: { authorization: `Bearer ${await salesOpsToken}` } };
}

const UNKNOWN_MEETING = 'ffffffffffffffffffffffff';
const UNKNOWN_EMAIL = 'ffffffffffffffffffffffff';
/** Bo (prospect 2) is in no sequence here: the outbox emails written for him below are decided by these cases alone. */
const BO = { id: 2, email: 'bo@pipelinepilot.example' };
/** A reply held from a prospect's address, then dismissed through the API: its id. */
async function heldThenDismissed(key: string): Promise<string> {
  const id = await holdReply(platform.stack.db, client.workspace, {
    key,
    prospectId: BO.id,
    from: BO.email,
    fromName: null,
    subject: 'Re: hello',
    text: 'Sounds good.',
    messageId: null,
    receivedAt: new Date(),
  });
  expect((await client.post(`/api/replies/held/${id}/dismiss`)).status).toBe(200);
  return id;
}

const UNKNOWN_INBOX = 'ffffffffffffffffffffffff';
const UNKNOWN_WEBHOOK = 'whe_ffffffffffffffffffffffff';
const UNKNOWN_DELIVERY = 'whd_ffffffffffffffffffffffff';
const UNKNOWN_EXPERIMENT = 'eeeeeeeeeeeeeeeeeeeeeeee';
/** A reply of Bo's in the Inbox, as a threaded one is put there: its id. */
async function inboxReply(key: string): Promise<string> {
  const created = await platform.stack.db.inboxMessages.create(inboxMessage(client.workspace, key, BO, 'Sounds good. Sunday at 10:00?'));
  return String(created._id);
}

/** One case per documented status above 400, keyed `ROUTE STATUS`. */
const REFUSALS: Record<string, () => Promise<unknown>> = {
  'PATCH /api/webhooks/{id} 404': async () =>
    client.patch(`/api/webhooks/${UNKNOWN_WEBHOOK}`, { enabled: false }).then(refused(404, UNKNOWN_WEBHOOK)),
  'POST /api/webhooks 422': async () =>
    client.post('/api/webhooks', { url: 'ftp://hooks.example.com/in', events: ['email.sent'] }).then(refused(422, 'url must be https')),
  'PATCH /api/webhooks/{id} 422': async () => {
    const made = await client.post('/api/webhooks', { url: 'https://hooks.example.com/refusals', events: ['email.sent'] });
    expect(made.status).toBe(201);
    const { endpoint } = JSON.parse(made.text) as { endpoint: { id: string } };
    await client.patch(`/api/webhooks/${endpoint.id}`, { url: 'not a url' }).then(refused(422, 'url must be an absolute URL'));
  },
  'DELETE /api/webhooks/{id} 404': async () => client.delete(`/api/webhooks/${UNKNOWN_WEBHOOK}`).then(refused(404, UNKNOWN_WEBHOOK)),
  'POST /api/webhooks/{id}/rotate-secret 404': async () =>
    client.post(`/api/webhooks/${UNKNOWN_WEBHOOK}/rotate-secret`).then(refused(404, UNKNOWN_WEBHOOK)),
  'POST /api/webhooks/deliveries/{id}/replay 404': async () =>
    client.post(`/api/webhooks/deliveries/${UNKNOWN_DELIVERY}/replay`).then(refused(404, UNKNOWN_DELIVERY)),
  'POST /api/experiments 409': async () => {
    const experiment = (name: string) => ({
      name,
      decisionPoint: 'first-email-template',
      arms: [{ value: 'roi-focused' }, { value: 'value-prop' }],
    });
    // Whatever ran here before (the validation cases start one) is stopped first: one population has one running experiment.
    for (const { id, state } of bodyOf<Array<{ id: string; state: string }>>(await client.get('/api/experiments')))
      if (state === 'running') expect((await client.post(`/api/experiments/${id}/stop`)).status).toBe(200);
    const taken = bodyOf<{ id: string }>(await client.post('/api/experiments', experiment('Taken experiment')));
    await client.post('/api/experiments', experiment('Second at once')).then(refused(409, 'already has a running experiment'));
    expect((await client.post(`/api/experiments/${taken.id}/stop`)).status).toBe(200);
    await client.post('/api/experiments', experiment('Taken experiment')).then(refused(409, '"Taken experiment"'));
  },
  'POST /api/experiments 422': async () => {
    await client
      .post('/api/experiments', {
        name: 'Made-up arm',
        decisionPoint: 'first-email-template',
        arms: [{ value: 'roi-focused' }, { value: 'made-up' }],
      })
      .then(refused(422, 'arms.1.value must be one of'));
    // An ICP slice population must name a slice of the workspace's current ICP.
    await client
      .post('/api/experiments', {
        name: 'Made-up slice',
        decisionPoint: 'first-email-template',
        arms: [{ value: 'roi-focused' }, { value: 'pain-point' }],
        population: { kind: 'slice', slice: 'No such slice' },
      })
      .then(refused(422, 'No ICP slice "No such slice"'));
  },
  'GET /api/experiments/{id} 404': async () => client.get(`/api/experiments/${UNKNOWN_EXPERIMENT}`).then(refused(404, UNKNOWN_EXPERIMENT)),
  'POST /api/experiments/{id}/stop 404': async () =>
    client.post(`/api/experiments/${UNKNOWN_EXPERIMENT}/stop`).then(refused(404, UNKNOWN_EXPERIMENT)),
  'POST /api/experiments/{id}/stop 409': async () => {
    const stopped = bodyOf<Array<{ id: string; state: string }>>(await client.get('/api/experiments')).find((e) => e.state === 'stopped');
    await client.post(`/api/experiments/${stopped!.id}/stop`).then(refused(409, 'only a running experiment can be stopped'));
  },
  'POST /api/experiments/{id}/rollback 404': async () =>
    client.post(`/api/experiments/${UNKNOWN_EXPERIMENT}/rollback`).then(refused(404, UNKNOWN_EXPERIMENT)),
  'POST /api/experiments/{id}/rollback 409': async () => {
    const [experiment] = bodyOf<Array<{ id: string }>>(await client.get('/api/experiments'));
    await client.post(`/api/experiments/${experiment!.id}/rollback`).then(refused(409, 'applied nothing to roll back'));
  },
  'POST /api/learning/refits/{cycleId}/rollback 404': async () =>
    client.post('/api/learning/refits/no-such-cycle/rollback').then(refused(404, 'no-such-cycle')),
  'POST /api/learning/refits/{cycleId}/rollback 409': async () => {
    // A refit the test did not pass (recorded as a cycle records it): nothing was applied.
    const weights = CONFIG_DEFAULTS.scoringWeights;
    await platform.stack.db.scoringRefits.create({
      ...{ workspaceId: client.workspace, cycleId: 'kept-refit', at: new Date(), before: weights, proposed: weights, reason: 'not better' },
      ...{ better: false, applied: false, autoApply: true, status: 'not-better', aucBefore: 0.6, aucAfter: 0.59, z: -0.3 },
      ...{ sampleSize: 500, meetings: 60, trainSize: 350, heldOutSize: 150, heldOutMeetings: 18, minMeetings: 20, minSampleSize: 100 },
    });
    await client.post('/api/learning/refits/kept-refit/rollback').then(refused(409, 'applied nothing to roll back'));
  },
  'POST /api/auth/login 401': async () =>
    client
      .post('/api/auth/login', { email: 'nobody@refusals.example', password: 'not the passphrase' }, { workspace: null })
      .then(refused(401, 'The email or password is wrong.')),
  'POST /api/auth/login 429': async () => {
    const guess = () => client.post('/api/auth/login', { email: 'guessed@refusals.example', password: 'a guess' }, { workspace: null });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await guess()).status).toBe(401);
    return guess().then(refused(429, 'Too many failed sign-in attempts', 'Try again in'));
  },
  'GET /api/auth/me 401': async () => client.get('/api/auth/me', { workspace: null }).then(refused(401, 'Not signed in.')),
  'POST /api/auth/password 403': async () =>
    client
      .post('/api/auth/password', { currentPassword: 'whatever it is', newPassword: 'a new passphrase' }, { workspace: null })
      .then(refused(403, 'API token has no password')),
  'POST /api/auth/password 422': async () => {
    const person = await signUpPerson(client, 'forgetful');
    await client
      .post('/api/auth/password', { currentPassword: 'not it at all', newPassword: 'a new passphrase' }, asPerson(person))
      .then(refused(422, 'current password is wrong'));
  },
  'POST /api/auth/password 429': async () => {
    const person = await signUpPerson(client, 'guessing');
    const guess = () =>
      client.post('/api/auth/password', { currentPassword: 'a guess', newPassword: 'a new passphrase' }, asPerson(person));
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await guess()).status).toBe(422);
    await guess().then(refused(429, 'Too many failed sign-in attempts', 'Try again in'));
  },
  'POST /api/auth/password-reset 429': async () => {
    const ask = () => client.post('/api/auth/password-reset', { email: 'often@refusals.example' }, { workspace: null });
    for (let request = 0; request < 10; request += 1) expect((await ask()).status).toBe(202);
    await ask().then(refused(429, 'Too many password-reset requests from this address', 'Try again in'));
  },
  'POST /api/auth/password-reset/confirm 422': async () =>
    client
      .post('/api/auth/password-reset/confirm', { token: 'never-issued', password: 'a new passphrase' }, { workspace: null })
      .then(refused(422, 'password-reset link is not valid', '30 minutes')),
  'POST /api/auth/verify-email 422': async () =>
    client
      .post('/api/auth/verify-email', { token: 'never-issued' }, { workspace: null })
      .then(refused(422, 'verification link is not valid')),
  'POST /api/auth/verify-email/resend 403': async () =>
    client.post('/api/auth/verify-email/resend', undefined, { workspace: null }).then(refused(403, 'API token has no email address')),
  'POST /api/auth/verify-email/resend 409': async () => {
    const person = await signUpPerson(client, 'verified');
    const user = await platform.stack.db.users.findById(person.userId, { email: 1 }).lean();
    const token = await issueLink(platform.stack.db, 'email-verification', user!, new Date());
    expect((await client.post('/api/auth/verify-email', { token }, { workspace: null, anonymous: true })).status).toBe(200);
    await client.post('/api/auth/verify-email/resend', undefined, asPerson(person)).then(refused(409, 'verified already'));
  },
  'POST /api/auth/verify-email/resend 429': async () => {
    const person = await signUpPerson(client, 'impatient'); // the sign-up sent the first
    for (let resent = 0; resent < 2; resent += 1)
      expect((await client.post('/api/auth/verify-email/resend', undefined, asPerson(person))).status).toBe(202);
    await client.post('/api/auth/verify-email/resend', undefined, asPerson(person)).then(refused(429, 'Three verification emails'));
  },
  'GET /api/plugins/{id} 404': async () =>
    client.get('/api/plugins/no-such-plugin', { workspace: null }).then(refused(404, 'no-such-plugin')),
  'POST /api/tokens 403': async () => {
    const admin = bodyOf<{ token: string }>(await client.post('/api/tokens', { name: 'an admin', role: 'admin' })).token;
    await client
      .post('/api/tokens', { name: 'stronger', role: 'owner' }, { headers: { authorization: `Bearer ${admin}` } })
      .then(refused(403, 'your role is admin', 'owner'));
  },
  'POST /api/workspaces 403': async () =>
    client.post('/api/workspaces', { name: 'By a script' }, { workspace: null }).then(refused(403, 'API token cannot create workspaces')),
  'POST /api/workspaces 409': async () => {
    const { cookie } = await signUpPerson(client, 'taker');
    await client
      .post('/api/workspaces', { name: 'Taken', slug: client.workspace }, { workspace: null, anonymous: true, headers: { cookie } })
      .then(refused(409, client.workspace, 'taken'));
  },
  'PATCH /api/members/{userId} 403': async () => {
    const [admin, owner] = [await signUpPerson(client, 'admin'), await signUpPerson(client, 'owner')];
    await addMember(client, admin, 'admin');
    await addMember(client, owner, 'owner');
    const asAdmin = { workspace: client.workspace, anonymous: true, headers: { cookie: admin.cookie } };
    await client
      .patch(`/api/members/${owner.userId}`, { role: 'viewer' }, asAdmin)
      .then(refused(403, 'cannot change a member who is owner'));
    await client.patch(`/api/members/${admin.userId}`, { role: 'owner' }, asAdmin).then(refused(403, 'cannot make anyone owner'));
  },
  'PATCH /api/members/{userId} 404': async () =>
    client.patch('/api/members/0123456789abcdef01234567', { role: 'viewer' }).then(refused(404, '0123456789abcdef01234567')),
  'PATCH /api/members/{userId} 409': async () => {
    const sole = await signUpPerson(client, 'sole-owner');
    const own = bodyOf<{ workspaces: Array<{ slug: string }> }>(
      await client.get('/api/auth/me', { workspace: null, anonymous: true, headers: { cookie: sole.cookie } }),
    ).workspaces[0]!.slug;
    await client
      .patch(`/api/members/${sole.userId}`, { role: 'admin' }, { workspace: own, anonymous: true, headers: { cookie: sole.cookie } })
      .then(refused(409, 'last owner'));
  },
  'DELETE /api/members/{userId} 403': async () => {
    const [admin, owner] = [await signUpPerson(client, 'admin3'), await signUpPerson(client, 'owner2')];
    await addMember(client, admin, 'admin');
    await addMember(client, owner, 'owner');
    await client
      .delete(`/api/members/${owner.userId}`, { anonymous: true, headers: { cookie: admin.cookie } })
      .then(refused(403, 'cannot change a member who is owner'));
  },
  'DELETE /api/members/{userId} 404': async () =>
    client.delete('/api/members/0123456789abcdef01234567').then(refused(404, '0123456789abcdef01234567')),
  'DELETE /api/members/{userId} 409': async () => {
    const sole = await signUpPerson(client, 'last-owner');
    const own = bodyOf<{ workspaces: Array<{ slug: string }> }>(
      await client.get('/api/auth/me', { workspace: null, anonymous: true, headers: { cookie: sole.cookie } }),
    ).workspaces[0]!.slug;
    await client
      .delete(`/api/members/${sole.userId}`, { workspace: own, anonymous: true, headers: { cookie: sole.cookie } })
      .then(refused(409, 'last owner'));
  },
  'POST /api/invitations 403': async () => {
    const admin = await signUpPerson(client, 'inviter');
    await addMember(client, admin, 'admin');
    await client
      .post('/api/invitations', { role: 'owner' }, { anonymous: true, headers: { cookie: admin.cookie } })
      .then(refused(403, 'cannot invite anyone as owner'));
  },
  'DELETE /api/invitations/{id} 404': async () => client.delete('/api/invitations/0123456789abcdef').then(refused(404, '0123456789abcdef')),
  'POST /api/invitations/accept 403': async () => {
    const { token } = bodyOf<{ token: string }>(await client.post('/api/invitations', { role: 'viewer', email: 'someone@else.example' }));
    const stranger = await signUpPerson(client, 'stranger');
    await client
      .post('/api/invitations/accept', { token }, { workspace: null, anonymous: true, headers: { cookie: stranger.cookie } })
      .then(refused(403, 'someone@else.example'));
  },
  'POST /api/invitations/accept 404': async () => {
    const { token } = bodyOf<{ token: string }>(await client.post('/api/invitations', { role: 'viewer' }));
    const [first, second] = [await signUpPerson(client, 'first'), await signUpPerson(client, 'second')];
    const accept = (person: SignedUp) =>
      client.post('/api/invitations/accept', { token }, { workspace: null, anonymous: true, headers: { cookie: person.cookie } });
    expect((await accept(first)).status).toBe(200);
    // Single use: the link is spent.
    await accept(second).then(refused(404, 'not valid'));
    await client
      .post('/api/invitations/accept', { token: 'never-issued' }, { workspace: null, anonymous: true, headers: { cookie: second.cookie } })
      .then(refused(404, 'not valid'));
  },
  'POST /api/invitations/accept 409': async () => {
    const member = await signUpPerson(client, 'twice');
    await addMember(client, member, 'viewer');
    const { token } = bodyOf<{ token: string }>(await client.post('/api/invitations', { role: 'admin' }));
    await client
      .post('/api/invitations/accept', { token }, { workspace: null, anonymous: true, headers: { cookie: member.cookie } })
      .then(refused(409, 'already a member'));
    // Refused before the invitation was spent: it is still listed.
    expect(bodyOf<unknown[]>(await client.get('/api/invitations')).length).toBeGreaterThan(0);
  },
  'DELETE /api/tokens/{id} 404': async () => client.delete('/api/tokens/0123456789abcdef').then(refused(404, '0123456789abcdef')),
  'POST /api/calendars 409': async () => {
    const { url: serverUrl, username, password } = platform.caldav;
    const body = { pluginId: 'calendar-caldav', account: { serverUrl, username, password } };
    const first = await client.post('/api/calendars', body);
    expect(first.status).toBe(201);
    const answer = await client.post('/api/calendars', body).then(refused(409, 'disconnect it first'));
    // Disconnected again, so the other calendar refusals meet a workspace without one.
    expect((await client.delete(`/api/calendars/${bodyOf<{ id: string }>(first).id}`)).status).toBe(200);
    return answer;
  },
  'POST /api/crm 409': async () => {
    const body = { pluginId: 'crm-hubspot', account: { privateAppToken: FAKE_HUBSPOT_TOKEN } };
    const first = await client.post('/api/crm', body);
    expect(first.status).toBe(201);
    const answer = await client.post('/api/crm', body).then(refused(409, 'disconnect it first'));
    // Disconnected again, so the other CRM refusals meet a workspace without one.
    expect((await client.delete(`/api/crm/${bodyOf<{ id: string }>(first).id}`)).status).toBe(200);
    return answer;
  },
  'POST /api/crm 422': async () =>
    client
      .post('/api/crm', { pluginId: 'crm-hubspot', account: { privateAppToken: 'pat-not-the-token' } })
      .then(refused(422, 'refused the token', 'Nothing was connected')),
  'POST /api/crm 503': async () => {
    // HubSpot answers 503 to every try of the check (the plugin tries a read three times).
    platform.hubspot.fail({ status: 503, count: 3, path: '/search' });
    const answer = await client
      .post('/api/crm', { pluginId: 'crm-hubspot', account: { privateAppToken: FAKE_HUBSPOT_TOKEN } })
      .then(refused(503, 'did not answer', 'Nothing was connected'));
    expect(bodyOf<{ connection: unknown }>(await client.get('/api/crm')).connection).toBeNull();
    return answer;
  },
  'POST /api/crm/{id}/test 404': async () => client.post('/api/crm/0123456789abcdef/test').then(refused(404, '0123456789abcdef')),
  'POST /api/crm/{id}/sync 404': async () => client.post('/api/crm/0123456789abcdef/sync').then(refused(404, '0123456789abcdef')),
  'DELETE /api/crm/{id} 404': async () => client.delete('/api/crm/0123456789abcdef').then(refused(404, '0123456789abcdef')),
  'POST /api/calendars 422': async () => {
    const { url: serverUrl, username } = platform.caldav;
    return client
      .post('/api/calendars', { pluginId: 'calendar-caldav', account: { serverUrl, username, password: 'not the password' } })
      .then(refused(422, 'refused the login', 'check the username and password'));
  },
  'POST /api/calendars 503': async () =>
    client
      .post('/api/calendars', {
        pluginId: 'calendar-caldav',
        account: { serverUrl: `http://127.0.0.1:${await freePort()}/`, username: 'rep@contract.example', password: 'any' },
      })
      .then(refused(503, 'did not answer', 'Nothing was connected')),
  'POST /api/oauth/{pluginId}/start 409': async () => {
    const { url: serverUrl, username, password } = platform.caldav;
    const first = await client.post('/api/calendars', { pluginId: 'calendar-caldav', account: { serverUrl, username, password } });
    expect(first.status).toBe(201);
    await client.post('/api/oauth/calendar-google/start').then(refused(409, 'disconnect it first'));
    expect(await platform.stack.db.oauthStates.countDocuments({ workspaceId: client.workspace })).toBe(0);
    expect((await client.delete(`/api/calendars/${bodyOf<{ id: string }>(first).id}`)).status).toBe(200);
  },
  'POST /api/oauth/{pluginId}/start 422': async () => {
    await client
      .post('/api/oauth/calendar-microsoft/start')
      .then(refused(422, 'MEETFLOW_MICROSOFT_CLIENT_ID and MEETFLOW_MICROSOFT_CLIENT_SECRET'));
    await client.post('/api/oauth/calendar-caldav/start').then(refused(422, 'connects with OAuth'));
  },
  'POST /api/calendars/{id}/test 404': async () =>
    client.post('/api/calendars/0123456789abcdef/test').then(refused(404, '0123456789abcdef')),
  'DELETE /api/calendars/{id} 404': async () => client.delete('/api/calendars/0123456789abcdef').then(refused(404, '0123456789abcdef')),
  'POST /api/mailboxes 409': async () => {
    expect((await client.post('/api/mailboxes', contractMailbox(1, 'twice@refusals.example'))).status).toBe(201);
    return client
      .post('/api/mailboxes', contractMailbox(1, 'Twice@Refusals.example'))
      .then(refused(409, 'twice@refusals.example already exists'));
  },
  'PATCH /api/mailboxes/{id} 409': async () => {
    const { id } = bodyOf<{ id: string }>(await client.post('/api/mailboxes', contractMailbox(1, 'other@refusals.example')));
    return client.patch(`/api/mailboxes/${id}`, { fromAddress: 'twice@refusals.example' }).then(refused(409, 'already exists'));
  },
  'PATCH /api/mailboxes/{id} 404': async () =>
    client.patch('/api/mailboxes/0123456789abcdef', { fromName: 'Nobody' }).then(refused(404, '0123456789abcdef')),
  'DELETE /api/mailboxes/{id} 404': async () => client.delete('/api/mailboxes/0123456789abcdef').then(refused(404, '0123456789abcdef')),
  'POST /api/mailboxes/{id}/test 404': async () =>
    client.post('/api/mailboxes/0123456789abcdef/test').then(refused(404, '0123456789abcdef')),
  'POST /api/mailboxes/{id}/check-inbox 404': async () =>
    client.post('/api/mailboxes/0123456789abcdef/check-inbox').then(refused(404, '0123456789abcdef')),
  'POST /api/mailboxes/{id}/check-inbox 409': async () => {
    const { id } = bodyOf<{ id: string }>(await client.post('/api/mailboxes', contractMailbox(1, 'no-imap@refusals.example')));
    return client.post(`/api/mailboxes/${id}/check-inbox`).then(refused(409, 'no IMAP settings'));
  },
  'POST /api/outbox/{id}/approve 404': async () =>
    client.post(`/api/outbox/${UNKNOWN_EMAIL}/approve`, { subject: 'Edited' }).then(refused(404, UNKNOWN_EMAIL)),
  'POST /api/outbox/{id}/approve 409': async () => {
    const sent = await platform.stack.db.outbox.create(outboxEmail(client.workspace, BO, 1, { status: 'sent', sentAt: new Date() }));
    await client
      .post(`/api/outbox/${sent.id}/approve`, { subject: 'Too late' })
      .then(refused(409, sent.id, 'is sent', 'not waiting for review'));
    // Refused before anything changed: the email stays as it went out, unreviewed.
    expect(await platform.stack.db.outbox.findOne({ workspaceId: client.workspace, _id: sent._id }).lean()).toMatchObject({
      status: 'sent',
      subject: 'Step 1: a quick question',
      original: null,
      reviewedBy: null,
    });
  },
  'POST /api/outbox/{id}/reject 404': async () => client.post(`/api/outbox/${UNKNOWN_EMAIL}/reject`).then(refused(404, UNKNOWN_EMAIL)),
  'POST /api/outbox/{id}/reject 409': async () => {
    const pending = await platform.stack.db.outbox.create(outboxEmail(client.workspace, BO, 2));
    expect((await client.post(`/api/outbox/${pending.id}/reject`)).status).toBe(200);
    // A second reviewer (or a second click) finds it decided; nor can it be approved any more.
    await client.post(`/api/outbox/${pending.id}/reject`).then(refused(409, pending.id, 'is rejected', 'not waiting for review'));
    await client.post(`/api/outbox/${pending.id}/approve`, {}).then(refused(409, 'is rejected'));
    expect(await platform.stack.db.outbox.findOne({ workspaceId: client.workspace, _id: pending._id }).lean()).toMatchObject({
      status: 'rejected',
    });
  },
  'DELETE /api/suppressions/{email} 404': async () => {
    await client.delete(`/api/suppressions/${encodeURIComponent('nobody@refusals.example')}`).then(refused(404, 'nobody@refusals.example'));
    // A domain is named in any of its written forms, and answered as it is stored.
    await client.delete('/api/suppressions/refusals.example').then(refused(404, '*@refusals.example is not on the suppression list'));
  },
  'POST /api/inbound/email 401': async () => {
    const reply = rawReply('someone@elsewhere.example');
    await postInbound(client, reply, undefined).then(refused(401, 'x-meetflow-inbound-secret'));
    await postInbound(client, reply, 'guessed').then(refused(401, 'x-meetflow-inbound-secret'));
    // Another workspace's own secret opens only that workspace's webhook.
    const other = uniqueWorkspace('refusals-other');
    await ownerToken(platform.stack.db, other);
    await postInbound(client, reply, await inboundSecret(platform.stack.db, platform.box, other)).then(refused(401));
    // A workspace that does not exist answers the same as a wrong secret: nothing tells the two apart.
    await postInbound(client, reply, await inboundSecret(platform.stack.db, platform.box, 'no-such-workspace'), 'no-such-workspace').then(
      refused(401, 'x-meetflow-inbound-secret'),
    );
  },
  'GET /api/o/{token} 404': async () => {
    const opened = { workspaceId: client.workspace, prospectId: 1, sequenceId: `sequence-${client.workspace}-1`, step: 1 };
    const token = openPixelToken(platform.box, opened);
    const anonymous = { workspace: null, anonymous: true } as const;
    for (const bad of [token.slice(0, -4), `${token.split('.')[0]}.forged`, 'garbage'])
      await client.get(`/api/o/${bad}`, anonymous).then(refused(404, 'This open-tracking link is not valid'));
    expect(await platform.stack.db.outcomeEvents.countDocuments({ workspaceId: client.workspace, type: 'opened' })).toBe(0);
  },
  'GET /api/pipelines/{id} 404': async () => {
    await client.get('/api/pipelines/no-such-pipeline').then(refused(404, 'no-such-pipeline'));
    await client.get(`/api/pipelines/${SCORING_PIPELINE.id}`, { query: { version: 9 } }).then(refused(404));
  },
  'GET /api/pipelines/{id}/diff 404': async () => {
    await client.get('/api/pipelines/no-such-pipeline/diff', { query: { from: 1 } }).then(refused(404, 'no-such-pipeline'));
    await client.get(`/api/pipelines/${SCORING_PIPELINE.id}/diff`, { query: { from: 9 } }).then(refused(404, 'version 9'));
  },
  'GET /api/pipelines/{id}/versions 404': async () =>
    client.get('/api/pipelines/no-such-pipeline/versions').then(refused(404, 'no-such-pipeline')),
  'POST /api/pipelines/{id}/duplicate 404': async () => {
    await client.post('/api/pipelines/no-such-pipeline/duplicate', {}).then(refused(404, 'no-such-pipeline'));
    await client
      .post('/api/pipelines/prospect-pipeline/duplicate', { version: 1 })
      .then(refused(404, `only version ${PROSPECT_PIPELINE.version}`));
  },
  'POST /api/pipelines/{id}/duplicate 409': async () => {
    await client.post('/api/pipelines/prospect-pipeline/duplicate', { newId: SCORING_PIPELINE.id }).then(refused(409, SCORING_PIPELINE.id));
    await client
      .post('/api/pipelines/prospect-pipeline/duplicate', { newId: 'learning-cycle' })
      .then(refused(409, 'learning-cycle', 'built-in'));
  },
  'POST /api/pipelines/{id}/duplicate 422': async () =>
    client.post('/api/pipelines/learning-cycle/duplicate', {}).then(refused(422, 'learning-cycle', 'cannot be duplicated')),
  'POST /api/pipelines 422': async () => {
    const ghost = { ...SCORING_PIPELINE, id: 'contract-ghost', nodes: [{ id: 'ghost', activity: 'ghost.haunt', input: {} }] };
    await client.post('/api/pipelines', ghost).then(refused(422, 'node "ghost": unknown activity "ghost.haunt"'));
    const mismatched = { ...SCORING_PIPELINE, id: 'contract-ghost', nodes: [{ ...SCORING_PIPELINE.nodes[0]!, input: { prospect: 5 } }] };
    await client.post('/api/pipelines', mismatched).then(refused(422, 'node "score" field "prospect"'));
    await client.get('/api/pipelines/contract-ghost').then(refused(404)); // nothing saved
  },
  'POST /api/pipelines/test-runs 422': async () => {
    const cyclic = {
      ...SCORING_PIPELINE,
      nodes: [SCORING_PIPELINE.nodes[0]!, { ...SCORING_PIPELINE.nodes[0]!, id: 'again' }],
      edges: [
        { from: 'score', to: 'again' },
        { from: 'again', to: 'score' },
      ],
    };
    await client.post('/api/pipelines/test-runs', { definition: cyclic, input: SCORING_INPUT }).then(refused(422, 'part of a cycle'));
  },
  'POST /api/pipelines/{id}/runs 422': async () =>
    client
      .post(`/api/pipelines/${SCORING_PIPELINE.id}/runs`, { input: { ...SCORING_INPUT, 'odd\u0000key': 1 } })
      .then(refused(422, 'The run input cannot be stored', 'NUL')),
  'POST /api/pipelines/{id}/batches 422': async () =>
    client
      .post(`/api/pipelines/${SCORING_PIPELINE.id}/batches`, { inputs: [SCORING_INPUT, { ...SCORING_INPUT, icp: { 'x\u0000': 1 } }] })
      .then(refused(422, 'Input 2 cannot be stored', 'icp.x')),
  'POST /api/pipelines/{id}/runs 404': async () =>
    client.post('/api/pipelines/no-such-pipeline/runs', {}).then(refused(404, 'no-such-pipeline')),
  'POST /api/pipelines/{id}/batches 404': async () =>
    client.post('/api/pipelines/no-such-pipeline/batches', { inputs: [{}] }).then(refused(404, 'no-such-pipeline')),
  'GET /api/runs/{id} 404': async () => client.get('/api/runs/no-such-run').then(refused(404, 'no-such-run')),
  'GET /api/runs/{id}/steps/{nodeId}/output 404': async () => {
    await client.get('/api/runs/no-such-run/steps/score/output').then(refused(404, 'no-such-run'));
    await client.get(`/api/runs/${run.runId}/steps/no-such-step/output`).then(refused(404, 'no-such-step'));
  },
  'POST /api/pipelines 403': async () =>
    client
      .post('/api/pipelines', ADMIN_STEP, await asSalesOps())
      .then(refused(403, 'takes admin or above', 'your role in this workspace is sales-ops')),
  'POST /api/pipelines/test-runs 403': async () =>
    client
      .post('/api/pipelines/test-runs', { definition: ADMIN_STEP, input: {} }, await asSalesOps())
      .then(refused(403, 'node "bid": ppm-pricing.upsertBid takes admin or above')),
  'POST /api/pipelines/{id}/runs 403': async () => {
    await ownersAdminPipeline();
    await client.post(`/api/pipelines/${ADMIN_STEP.id}/runs`, { input: {} }, await asSalesOps()).then(refused(403, 'takes admin'));
  },
  'POST /api/pipelines/{id}/batches 403': async () => {
    await ownersAdminPipeline();
    await client.post(`/api/pipelines/${ADMIN_STEP.id}/batches`, { inputs: [{}] }, await asSalesOps()).then(refused(403, 'takes admin'));
  },
  'POST /api/pipelines/{id}/duplicate 403': async () => {
    await ownersAdminPipeline();
    await client.post(`/api/pipelines/${ADMIN_STEP.id}/duplicate`, {}, await asSalesOps()).then(refused(403, 'takes admin'));
  },
  'POST /api/runs/{id}/rerun 403': async () => {
    await ownersAdminPipeline();
    const ownersRun = bodyOf<RunView>(await client.post(`/api/pipelines/${ADMIN_STEP.id}/runs`, { input: {} }));
    await client.post(`/api/runs/${ownersRun.runId}/rerun`, {}, await asSalesOps()).then(refused(403, 'takes admin'));
  },
  'POST /api/runs/{id}/rerun 422': async () =>
    client
      .post(`/api/runs/${run.runId}/rerun`, { input: { ...SCORING_INPUT, workspaceId: 'another-workspace' } })
      .then(refused(422, 'input.workspaceId', 'no input can set it')),
  'POST /api/batches/{id}/retry-failed 403': async () => {
    await ownersAdminPipeline();
    // The owner's batch fails (this workspace has no slice to bid on); sales ops may not retry its admin step.
    const { batchId } = bodyOf<{ batchId: string }>(await client.post(`/api/pipelines/${ADMIN_STEP.id}/batches`, { inputs: [{}] }));
    await until(
      async () => bodyOf<{ status: string }>(await client.get(`/api/batches/${batchId}`)).status,
      (status) => status !== 'running',
      `batch ${batchId}`,
    );
    await client.post(`/api/batches/${batchId}/retry-failed`, undefined, await asSalesOps()).then(refused(403, 'takes admin'));
  },
  'POST /api/runs/{id}/rerun 404': async () => {
    await client.post('/api/runs/no-such-run/rerun', {}).then(refused(404, 'no-such-run'));
    await client.post(`/api/runs/${run.runId}/rerun`, { fromStep: 'no-such-step' }).then(refused(404, 'no-such-step'));
  },
  'GET /api/runs/{id}/events 404': async () => client.get('/api/runs/no-such-run/events').then(refused(404, 'no-such-run')),
  'GET /api/batches/{id} 404': async () => client.get('/api/batches/no-such-batch').then(refused(404, 'no-such-batch')),
  'POST /api/batches/{id}/retry-failed 404': async () =>
    client.post('/api/batches/no-such-batch/retry-failed').then(refused(404, 'no-such-batch')),
  'POST /api/batches/{id}/retry-failed 409': async () => {
    const batchId = await endedBatch();
    await client.post(`/api/batches/${batchId}/retry-failed`).then(refused(409, 'Nothing to retry', batchId));
  },
  'POST /api/batches/{id}/cancel 404': async () => client.post('/api/batches/no-such-batch/cancel').then(refused(404, 'no-such-batch')),
  'POST /api/batches/{id}/cancel 409': async () => {
    const batchId = await endedBatch();
    await client.post(`/api/batches/${batchId}/cancel`).then(refused(409, 'already finished', batchId));
  },
  'GET /api/prospects/{id} 404': async () => client.get('/api/prospects/999').then(refused(404, '999')),
  'GET /api/prospects 422': async () => client.get('/api/prospects', { query: { campaign: 999 } }).then(refused(422, 'No campaign 999')),
  'GET /api/prospects/export.csv 422': async () =>
    client.get('/api/prospects/export.csv', { query: { campaign: 999 } }).then(refused(422, 'No campaign 999')),
  'POST /api/prospects/sequences/stop 422': async () => {
    await client.post('/api/prospects/sequences/stop', { selection: { kind: 'ids', ids: [1, 998, 999] } }).then(refused(422, '998, 999'));
    await client
      .post('/api/prospects/sequences/stop', { selection: { kind: 'filter', filter: { campaign: 999 } } })
      .then(refused(422, 'No campaign 999'));
  },
  'POST /api/campaigns/{id}/prospects 404': async () =>
    client.post('/api/campaigns/999/prospects', { selection: { kind: 'ids', ids: [1] } }).then(refused(404, '999')),
  'POST /api/campaigns/{id}/prospects 422': async () => {
    const campaign = bodyOf<{ id: number }>(await client.post('/api/campaigns', { name: 'Chosen with ghosts' }));
    await client.post(`/api/campaigns/${campaign.id}/prospects`, { selection: { kind: 'ids', ids: [999] } }).then(refused(422, '999'));
  },
  'POST /api/prospects 409': async () => {
    // The same address in another case is the same person.
    const again = { ...qualifiedProspect(platform), email: 'ADA@PipelinePilot.example' };
    await client.post('/api/prospects', again).then(refused(409, 'ADA@PipelinePilot.example'));
  },
  'GET /api/meetings/{id}/invite.ics 404': async () => {
    await client.get(`/api/meetings/${UNKNOWN_MEETING}/invite.ics`).then(refused(404, UNKNOWN_MEETING));
    await client.get('/api/meetings/not-a-meeting-id/invite.ics').then(refused(404, 'not-a-meeting-id'));
  },
  'GET /api/meetings/{id}/invite.ics 409': async () =>
    client.get(`/api/meetings/${meetings.cancelled}/invite.ics`).then(refused(409, 'cancelled')),
  'POST /api/meetings 404': async () => {
    const nobody = { prospectId: 999, prospect: { name: 'Cy Ito', email: 'cy@acme.example' }, scheduledAt: meetings.slot };
    await client.post('/api/meetings', nobody).then(refused(404, '999'));
  },
  'POST /api/meetings 409': async () => {
    const clash = { prospectId: 2, prospect: { name: 'Bo Lane', email: 'bo@pipelinepilot.example' }, scheduledAt: meetings.slot };
    await client.post('/api/meetings', clash).then(refused(409, 'overlaps another meeting'));
  },
  'POST /api/meetings/{id}/outcome 404': async () => {
    await client.post(`/api/meetings/${UNKNOWN_MEETING}/outcome`, { outcome: 'completed' }).then(refused(404, UNKNOWN_MEETING));
    await client.post('/api/meetings/not-a-meeting-id/outcome', { outcome: 'completed' }).then(refused(404, 'not-a-meeting-id'));
  },
  // An attended meeting corrected to a no-show credits its charge: owners and admins only, with a reason (a 400 without one).
  'POST /api/meetings/{id}/outcome 403': async () =>
    client
      .post(`/api/meetings/${meetings.completed}/outcome`, { outcome: 'no-show', reason: 'never joined' }, await asSalesOps())
      .then(refused(403, 'Only an owner or admin may correct an attended meeting to a no-show')),
  'POST /api/meetings/{id}/outcome 409': async () =>
    client
      .post(`/api/meetings/${meetings.completed}/outcome`, { outcome: 'cancelled' })
      .then(refused(409, 'completed', 'cannot become cancelled')),
  'POST /api/meetings/{id}/outcome 422': async () => {
    await client
      .post(`/api/meetings/${meetings.ahead}/outcome`, { outcome: 'completed' })
      .then(refused(422, 'marked attended once it has started'));
    await client
      .post(`/api/meetings/${meetings.ahead}/outcome`, { outcome: 'no-show' })
      .then(refused(422, 'marked a no-show once it has started'));
  },
  'PUT /api/billing/account 422': async () =>
    client
      .put('/api/billing/account', {
        billingEmail: 'billing@acme.example',
        companyName: 'Acme Inc.',
        address: { line1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US' },
        currency: 'EUR',
      })
      .then(refused(422, 'currency: only USD is billed for now, not EUR')),
  'POST /api/billing/invoices 409': async () =>
    client
      .post('/api/billing/invoices', { month: new Date().toISOString().slice(0, 7) })
      .then(refused(409, 'a month is invoiced once it has ended')),
  // Before the 503 below saves this workspace's account.
  'POST /api/billing/invoices 422': async () =>
    client.post('/api/billing/invoices', { month: lastMonth() }).then(refused(422, 'no billing account: save one')),
  // Before the 503 below saves this workspace's account, as well.
  'POST /api/billing/payment-method/setup 422': async () =>
    client.post('/api/billing/payment-method/setup').then(refused(422, 'no billing account: save one')),
  'GET /api/billing/invoices/{month}/lines 404': async () =>
    client.get(`/api/billing/invoices/${lastMonth()}/lines`).then(refused(404, `No invoice was issued for ${lastMonth()}`)),
  'POST /api/billing/invoices 503': async () => {
    const account = {
      billingEmail: 'billing@acme.example',
      companyName: 'Acme Inc.',
      address: { line1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US' },
    };
    expect((await client.put('/api/billing/account', account)).status).toBe(200);
    await client.post('/api/billing/invoices', { month: lastMonth() }).then(refused(503, 'MEETFLOW_STRIPE_SECRET_KEY'));
  },
  // The account saved above, but this server has no Stripe account.
  'POST /api/billing/payment-method/setup 503': async () =>
    client.post('/api/billing/payment-method/setup').then(refused(503, 'MEETFLOW_STRIPE_SECRET_KEY')),
  // A Stripe customer on the account (as one made by a setup elsewhere), and no Stripe account here to read it with.
  'GET /api/billing/payment-method 503': async () => {
    const accounts = platform.stack.database.collection('billingaccounts');
    await accounts.updateOne({ workspaceId: client.workspace }, { $set: { stripeCustomer: 'cus_contract_refusal' } });
    try {
      await client.get('/api/billing/payment-method').then(refused(503, 'MEETFLOW_STRIPE_SECRET_KEY'));
    } finally {
      await accounts.updateOne({ workspaceId: client.workspace }, { $set: { stripeCustomer: null } });
    }
  },
  'POST /api/pricing/bid 404': async () =>
    client
      .post('/api/pricing/bid', { sliceId: 'no-such-slice', baseBid: 1, maxDailyMeetings: 5, dailyBudgetCap: 500 })
      .then(refused(404, 'no-such-slice')),
  'GET /api/icp 404': async () => client.get('/api/icp').then(refused(404, 'ICP')),
  'POST /api/superagent/analyze-icp 422': async () =>
    client
      .post('/api/superagent/analyze-icp', { urls: ['gone-1', 'gone-2', 'gone-3'].map((name) => `${platform.samples.url}/${name}/`) })
      .then(refused(422, 'gone-1', 'gone-2', 'gone-3')),
  'POST /api/superagent/process-prospect 404': async () =>
    client.post('/api/superagent/process-prospect', { prospectId: 999 }).then(refused(404, '999')),
  'GET /api/prospects/{id}/profile 404': async () => client.get('/api/prospects/999/profile').then(refused(404, '999')),
  'GET /api/superagent/process-prospect/{runId} 404': async () =>
    client.get('/api/superagent/process-prospect/no-such-run').then(refused(404, 'no-such-run')),
  'POST /api/pipelines/test-runs 404': async () =>
    client.post('/api/pipelines/test-runs', { definition: SCORING_PIPELINE, prospectId: 999 }).then(refused(404, '999')),
  'POST /api/pipelines/test-runs 409': async () =>
    client.post('/api/pipelines/test-runs', { definition: SCORING_PIPELINE, prospectId: 1 }).then(refused(409, 'ICP')),
  'POST /api/superagent/process-prospect 409': async () =>
    client.post('/api/superagent/process-prospect', { prospectId: 1 }).then(refused(409, 'ICP')),
  'POST /api/prospects/{id}/sequence 404': async () =>
    client.post('/api/prospects/999/sequence', { action: 'pause' }).then(refused(404, '999')),
  'POST /api/prospects/{id}/sequence 409': async () =>
    client.post('/api/prospects/2/sequence', { action: 'pause' }).then(refused(409, 'not in a sequence')),
  'POST /api/campaigns/launch 409': async () => {
    const person = { firstName: 'Di', lastName: 'Ng', company: 'Quotewell', email: 'di@quotewell.example', source: 'linkedin' };
    await client.post('/api/campaigns/launch', { name: 'Too early', people: [person] }).then(refused(409, 'ICP'));
    // Refused before anything was written: no prospect, no draft campaign.
    expect(bodyOf(await client.get('/api/prospects', { query: { search: 'di' } }))).toEqual([]);
    expect(bodyOf<Array<{ name: string }>>(await client.get('/api/campaigns')).map((campaign) => campaign.name)).not.toContain('Too early');
  },
  // Issue #18: what a well-formed request names but the workspace does not have is a 422 (a 400 is a broken schema).
  'POST /api/campaigns 422': async () => {
    await client.post('/api/campaigns', { name: 'Ghosts', prospectIds: [9_999] }).then(refused(422, 'Unknown prospect ids', '9999'));
    await client.post('/api/campaigns', { name: 'Ghosts', pipelineVersion: 99 }).then(refused(422, 'pipelineVersion', '99'));
  },
  'PATCH /api/campaigns/{id} 422': async () => {
    const campaign = bodyOf<{ id: number }>(await client.post('/api/campaigns', { name: 'Patched with ghosts' }));
    await client.patch(`/api/campaigns/${campaign.id}`, { mailboxIds: ['feedface00000000'] }).then(refused(422, 'Unknown mailbox ids'));
  },
  'POST /api/superagent/discover-prospects 422': async () =>
    client
      .post('/api/superagent/discover-prospects', { icpCriteria: { industry: ['SaaS'], jobTitles: ['VP Sales'] }, sources: ['myspace'] })
      .then(refused(422, 'unknown source "myspace"', 'linkedin')),
  'POST /api/prospects/import 422': async () =>
    client
      .request('POST', '/api/prospects/import', { raw: { contentType: 'text/csv', text: 'name,mail\nAda,ada@x.example\n' } })
      .then(refused(422, 'no column for firstName')),
  // A calendar's change notification: a channel nobody holds, and one held with another token (nothing is signalled either way).
  'POST /api/calendars/notifications/{provider} 404': async () =>
    client
      .request('POST', '/api/calendars/notifications/calendar-google', {
        headers: { 'x-goog-channel-id': 'contract-unknown-channel', 'x-goog-channel-token': 'x', 'x-goog-resource-state': 'exists' },
        workspace: null,
        anonymous: true,
      })
      .then(refused(404, 'No calendar holds this notification channel')),
  'POST /api/calendars/notifications/{provider} 401': async () => {
    const channelId = await watchedCalendar();
    await client
      .request('POST', '/api/calendars/notifications/calendar-google', {
        headers: { 'x-goog-channel-id': channelId, 'x-goog-channel-token': 'not-the-channel-token', 'x-goog-resource-state': 'exists' },
        workspace: null,
        anonymous: true,
      })
      .then(refused(401, "not its channel's"));
  },
  // Booking links (made here as enrolment makes them, under the API's key): unknown, withdrawn, expired, nothing booked, a taken time.
  'GET /api/book/{token} 404': async () => anonymous.get(`/api/book/${UNKNOWN_TOKEN}`).then(refused(404, 'not valid')),
  'GET /api/book/{token} 410': async () =>
    anonymous.get(`/api/book/${await bookingToken('revoked', { revokedAt: new Date() })}`).then(refused(410, 'withdrawn')),
  'POST /api/book/{token} 404': async () =>
    anonymous.post(`/api/book/${UNKNOWN_TOKEN}`, { start: meetings.slot }).then(refused(404, 'not valid')),
  'POST /api/book/{token} 409': async () => {
    await anonymous.post(`/api/book/${await bookingToken('live')}`, { start: meetings.slot }).then(refused(409, 'Pick another time'));
    expect(await platform.stack.db.bookingLinks.countDocuments({ workspaceId: client.workspace, meetingId: { $ne: null } })).toBe(0);
  },
  'POST /api/book/{token} 410': async () =>
    anonymous
      .post(`/api/book/${await bookingToken('expired', { expiresAt: new Date(Date.now() - 1000) })}`, { start: meetings.slot })
      .then(refused(410, 'expired')),
  'POST /api/book/{token}/reschedule 404': async () =>
    anonymous.post(`/api/book/${UNKNOWN_TOKEN}/reschedule`, { start: meetings.slot }).then(refused(404, 'not valid')),
  'POST /api/book/{token}/reschedule 409': async () =>
    anonymous.post(`/api/book/${await bookingToken('live')}/reschedule`, { start: meetings.slot }).then(refused(409, 'Nothing is booked')),
  'POST /api/book/{token}/reschedule 410': async () =>
    anonymous
      .post(`/api/book/${await bookingToken('revoked', { revokedAt: new Date() })}/reschedule`, { start: meetings.slot })
      .then(refused(410, 'withdrawn')),
  'POST /api/book/{token}/cancel 404': async () => anonymous.post(`/api/book/${UNKNOWN_TOKEN}/cancel`).then(refused(404, 'not valid')),
  'POST /api/book/{token}/cancel 409': async () =>
    anonymous.post(`/api/book/${await bookingToken('live')}/cancel`).then(refused(409, 'Nothing is booked')),
  'POST /api/book/{token}/cancel 410': async () =>
    anonymous.post(`/api/book/${await bookingToken('revoked', { revokedAt: new Date() })}/cancel`).then(refused(410, 'withdrawn')),
  'GET /api/book/{token}/invite.ics 404': async () =>
    anonymous.get(`/api/book/${await bookingToken('live')}/invite.ics`).then(refused(404, 'Nothing is booked')),
  'GET /api/book/{token}/invite.ics 410': async () =>
    anonymous.get(`/api/book/${await bookingToken('revoked', { revokedAt: new Date() })}/invite.ics`).then(refused(410, 'withdrawn')),
  'GET /api/booking-links/{prospectId} 404': async () => {
    await client.get('/api/booking-links/999').then(refused(404, '999'));
    await client.get('/api/booking-links/2').then(refused(404, 'not in a sequence')); // Bo was never enrolled
  },
  'DELETE /api/booking-links/{prospectId} 404': async () => client.delete('/api/booking-links/999').then(refused(404, '999')),
  'POST /api/unsubscribe/{token} 404': async () =>
    client.post('/api/unsubscribe/not.signed', undefined, { workspace: null, anonymous: true }).then(refused(404, 'not valid')),
  'GET /api/unsubscribe/{token} 404': async () =>
    client.get('/api/unsubscribe/garbage', { workspace: null, anonymous: true }).then(refused(404, 'not valid')),
  'PUT /api/config/scoringWeights 422': async () =>
    client
      .put('/api/config/scoringWeights', { configValue: { companySize: 0.5, industryMatch: 0.3, techStack: 0.2, jobTitle: 0.2 } })
      .then(refused(422, 'sum to 1')),
  'PUT /api/config/sending 422': async () =>
    client
      .put('/api/config/sending', { configValue: { ...CONFIG_DEFAULTS.sending, timeZone: 'Mars/Olympus_Mons' } })
      .then(refused(422, 'IANA time zone')),
  'GET /api/campaigns/{id} 404': async () => client.get('/api/campaigns/999').then(refused(404, '999')),
  'PATCH /api/campaigns/{id} 404': async () => client.patch('/api/campaigns/999', { status: 'paused' }).then(refused(404, '999')),
  'PATCH /api/icp/slices/{index} 404': async () => client.patch('/api/icp/slices/99', { techStack: [] }).then(refused(404, 'slice 99')),
  'GET /api/campaigns/{id}/prospects 404': async () => client.get('/api/campaigns/999/prospects').then(refused(404, '999')),
  'POST /api/campaigns/{id}/runs 404': async () => client.post('/api/campaigns/999/runs', {}).then(refused(404, '999')),
  'POST /api/campaigns/{id}/runs 409': async () => {
    const empty = bodyOf<{ id: number }>(await client.post('/api/campaigns', { name: 'Nobody yet' }));
    await client.post(`/api/campaigns/${empty.id}/runs`, { prospects: 'all' }).then(refused(409, 'no prospects'));
  },
  'POST /api/replies/held/{id}/confirm 404': async () =>
    client.post(`/api/replies/held/${UNKNOWN_EMAIL}/confirm`).then(refused(404, UNKNOWN_EMAIL)),
  'POST /api/replies/held/{id}/dismiss 404': async () =>
    client.post(`/api/replies/held/${UNKNOWN_EMAIL}/dismiss`).then(refused(404, UNKNOWN_EMAIL)),
  'POST /api/replies/held/{id}/confirm 409': async () => {
    const id = await heldThenDismissed('confirm-409');
    await client.post(`/api/replies/held/${id}/confirm`).then(refused(409, 'dismissed already'));
    expect(await platform.stack.db.outcomeEvents.countDocuments({ workspaceId: client.workspace, type: 'replied' })).toBe(0);
  },
  'POST /api/replies/held/{id}/dismiss 409': async () => {
    const id = await heldThenDismissed('dismiss-409');
    await client.post(`/api/replies/held/${id}/dismiss`).then(refused(409, 'dismissed already'));
  },
  'GET /api/inbox/{id} 404': async () => client.get(`/api/inbox/${UNKNOWN_INBOX}`).then(refused(404, UNKNOWN_INBOX)),
  'POST /api/inbox/{id}/reply 404': async () =>
    client.post(`/api/inbox/${UNKNOWN_INBOX}/reply`, { body: 'Hello' }).then(refused(404, UNKNOWN_INBOX)),
  'POST /api/inbox/{id}/book 404': async () =>
    client.post(`/api/inbox/${UNKNOWN_INBOX}/book`, { scheduledAt: meetings.slot }).then(refused(404, UNKNOWN_INBOX)),
  'POST /api/inbox/{id}/not-interested 404': async () =>
    client.post(`/api/inbox/${UNKNOWN_INBOX}/not-interested`).then(refused(404, UNKNOWN_INBOX)),
  'POST /api/inbox/{id}/suppress 404': async () => client.post(`/api/inbox/${UNKNOWN_INBOX}/suppress`).then(refused(404, UNKNOWN_INBOX)),
  'POST /api/inbox/{id}/archive 404': async () => client.post(`/api/inbox/${UNKNOWN_INBOX}/archive`).then(refused(404, UNKNOWN_INBOX)),
  // The time is booked already (by a meeting of the setup): nothing is booked, nothing sent, the reply stays open.
  'POST /api/inbox/{id}/book 409': async () => {
    const id = await inboxReply('book-409');
    // Counted before and after: other cases may email this prospect one-offs of their own (a meeting's cancellation).
    const oneOffs = () =>
      platform.stack.db.outbox.countDocuments({ workspaceId: client.workspace, prospectId: BO.id, step: { $gte: 200 } });
    const before = await oneOffs();
    await client.post(`/api/inbox/${id}/book`, { scheduledAt: meetings.slot }).then(refused(409, 'overlaps another meeting'));
    expect(bodyOf(await client.get(`/api/inbox/${id}`))).toMatchObject({ message: { status: 'open', meetingId: null } });
    expect(await oneOffs()).toBe(before);
  },
  'POST /api/inbox/{id}/reply 409': async () => {
    const id = await inboxReply('reply-409');
    await platform.stack.db.suppressions.create({ workspaceId: client.workspace, email: BO.email, reason: 'asked by phone' });
    try {
      await client.post(`/api/inbox/${id}/reply`, { body: 'Sorry to bother you.' }).then(refused(409, 'suppression list', BO.email));
    } finally {
      await platform.stack.db.suppressions.deleteOne({ workspaceId: client.workspace, email: BO.email });
    }
  },
  'POST /api/replies 404': async () => client.post('/api/replies', { prospectId: 999, body: 'Who is this?' }).then(refused(404, '999')),
  'POST /api/prospects/import 413': async () =>
    client
      .request('POST', '/api/prospects/import', {
        raw: {
          contentType: 'text/csv',
          text: `firstName,lastName,email,company\n${'Ada,Lane,ada@x.example,X\n'.repeat(Math.ceil(MAX_CSV_BYTES / 24) + 1)}`,
        },
      })
      .then(refused(413, '2 MB')),
  'POST /api/prospects/import 415': async () =>
    client
      .request('POST', '/api/prospects/import', { raw: { contentType: 'application/xml', text: '<csv/>' } })
      .then(refused(415, 'text/csv')),
};

describe('refusals: unknown ids, conflicts and wrong uploads', () => {
  it("has a case for every documented status above 400 (bar the exempt ones, each with its reason, and the access check's: access.test.ts)", () => {
    const documented = allRouteDocs.flatMap((doc) =>
      Object.keys(doc.responses)
        .filter((status) => Number(status) > 400 && !isAccessAnswer(doc, Number(status)))
        .map((status) => `${routeKey(doc)} ${status}`),
    );
    expect([...Object.keys(REFUSALS), ...Object.keys(EXEMPT)].sort()).toEqual(documented.sort());
  });

  for (const [name, refusal] of Object.entries(REFUSALS)) {
    it(name, async () => {
      await refusal();
      expect(client.seen).toContain(name); // the client matched the request to the route and status named
    });
  }
});
