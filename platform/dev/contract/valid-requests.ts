import { CONFIG_DEFAULTS } from '../../src/features/insights/workspace-config/schemas.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { contractMailbox } from './fixtures.ts';
import type { RouteKey } from './routes.ts';

/**
 * A body each body-taking route accepts, per its docs (a test checks each against the documented
 * schema). Validation cases break one field of it at a time, so the route refuses before acting.
 */
export const VALID_BODIES: Partial<Record<RouteKey, unknown>> = {
  'POST /api/calendars': {
    pluginId: 'calendar-caldav',
    account: { serverUrl: 'https://caldav.example/', username: 'rep@example.com', password: 'a valid password' },
  },
  'POST /api/crm': { pluginId: 'crm-hubspot', account: { privateAppToken: 'pat-na1-a-valid-looking-token' } },
  'POST /api/webhooks': {
    url: 'https://hooks.example.com/meetflow',
    events: ['prospect.created', 'meeting.booked'],
    description: 'A valid request',
  },
  'PATCH /api/webhooks/{id}': { enabled: false },
  'POST /api/experiments': {
    name: 'Valid experiment',
    decisionPoint: 'first-email-template',
    arms: [{ value: 'roi-focused' }, { value: 'value-prop', label: 'Value' }],
    population: { kind: 'workspace' },
  },
  'POST /api/auth/signup': { email: 'valid@signup.example', password: 'a valid passphrase', name: 'Valid Person' },
  'POST /api/auth/login': { email: 'valid@signup.example', password: 'a valid passphrase' },
  'POST /api/auth/password': { currentPassword: 'a valid passphrase', newPassword: 'another valid passphrase' },
  'POST /api/auth/password-reset': { email: 'valid@signup.example' },
  'POST /api/auth/password-reset/confirm': { token: 'not-a-real-link', password: 'another valid passphrase' },
  'POST /api/auth/verify-email': { token: 'not-a-real-link' },
  'POST /api/tokens': { name: 'Valid token', role: 'viewer' },
  'POST /api/workspaces': { name: 'Valid team', slug: 'valid-team' },
  'POST /api/invitations': { role: 'viewer', email: 'valid@invitee.example' },
  'POST /api/invitations/accept': { token: 'not-a-real-invitation' },
  'PATCH /api/members/{userId}': { role: 'viewer' },
  'POST /api/pipelines': { id: 'valid-pipeline', name: 'Valid', nodes: [{ id: 'score', activity: 'lead-scoring.scoreProspect' }] },
  'POST /api/pipelines/{id}/runs': { input: {}, version: 1 },
  'POST /api/pipelines/test-runs': {
    definition: {
      id: 'valid-draft',
      name: 'Valid draft',
      nodes: [{ id: 'a', activity: 'lead-scoring.scoreProspect', input: '{{ input }}' }],
    },
    input: {},
  },
  'POST /api/pipelines/{id}/batches': { inputs: [{}], version: 1, chunkSize: 10 },
  'POST /api/pipelines/{id}/duplicate': { newId: 'valid-copy', name: 'Valid copy', version: 1 },
  'POST /api/runs/{id}/rerun': { fromStep: 'score' },
  'POST /api/prospects': { firstName: 'Ada', lastName: 'Lane', company: 'Pipeline Pilot', email: 'ada@pipelinepilot.example' },
  'POST /api/prospects/import': { csv: 'firstName,lastName,email,company\nAda,Lane,ada@pipelinepilot.example,Pipeline Pilot\n' },
  'POST /api/campaigns': { name: 'Spring outreach', status: 'draft', prospectIds: [], sliceNames: [], pipelineVersion: null },
  'POST /api/campaigns/launch': {
    name: 'From the ICP',
    sliceNames: [],
    chunkSize: 25,
    people: [{ firstName: 'Ada', lastName: 'Lane', company: 'Pipeline Pilot', email: 'ada@pipelinepilot.example', source: 'linkedin' }],
  },
  'POST /api/campaigns/{id}/prospects': { selection: { kind: 'filter', filter: { minScore: 50 }, exclude: [2] } },
  'POST /api/prospects/sequences/stop': { selection: { kind: 'ids', ids: [1, 2] } },
  'PATCH /api/campaigns/{id}': { name: 'Renamed', status: 'paused', addProspectIds: [], removeProspectIds: [] },
  'POST /api/campaigns/{id}/runs': { prospects: 'failed', chunkSize: 10 },
  'POST /api/prospects/{id}/sequence': { action: 'pause' },
  'POST /api/meetings': {
    prospectId: 1,
    prospect: { name: 'Ada Lane', email: 'ada@pipelinepilot.example' },
    scheduledAt: '2030-01-07T15:00:00Z',
  },
  'POST /api/meetings/{id}/outcome': { outcome: 'completed' },
  'POST /api/pricing/bid': { sliceId: 'standard', baseBid: 1.5, maxDailyMeetings: 10, dailyBudgetCap: 100 },
  'PUT /api/billing/account': {
    billingEmail: 'billing@pipelinepilot.example',
    companyName: 'Pipeline Pilot Inc.',
    address: { line1: '1 Market St', line2: 'Suite 5', city: 'San Francisco', postalCode: '94105', country: 'US' },
    taxId: '12-3456789',
    currency: 'USD',
  },
  'POST /api/billing/invoices': { month: '2026-10' },
  'POST /api/superagent/analyze-icp': { urls: ['https://a.example/', 'https://b.example/', 'https://c.example/'] },
  'PATCH /api/icp/slices/{index}': { techStack: ['Salesforce'] },
  'POST /api/superagent/discover-prospects': { icpCriteria: { industry: ['SaaS'], jobTitles: ['VP Sales'] }, sources: ['linkedin'] },
  'POST /api/superagent/process-prospect': { prospectId: 1 },
  'POST /api/replies': { prospectId: 1, body: 'Thanks, tell me more.' },
  'PUT /api/config/scoringWeights': { configValue: CONFIG_DEFAULTS.scoringWeights },
  'PUT /api/config/templatePerformance': { configValue: CONFIG_DEFAULTS.templatePerformance },
  'PUT /api/config/cadenceTiming': { configValue: CONFIG_DEFAULTS.cadenceTiming },
  'PUT /api/config/learningSettings': { configValue: CONFIG_DEFAULTS.learningSettings },
  'PUT /api/config/sending': { configValue: CONFIG_DEFAULTS.sending },
  'PUT /api/offer': SAMPLE_OFFER,
  'POST /api/mailboxes': { ...contractMailbox(587), dailyCap: 30 },
  'PATCH /api/mailboxes/{id}': {
    fromName: 'Ada L.',
    fromAddress: 'ada.l@contract.example',
    signature: 'Ada',
    smtp: { port: 465, tls: 'tls' },
    password: 'a new smtp password',
    dailyCap: 20,
    status: 'paused',
  },
  'POST /api/outbox/{id}/approve': { subject: 'A quick question, edited', body: 'Hello Ada, edited by a reviewer.' },
  'POST /api/outbox/approve-all': { campaignId: 1 },
  'POST /api/inbox/{id}/reply': { body: 'Happy to. Does Thursday at 10:00 suit you?' },
  'POST /api/inbox/{id}/book': { scheduledAt: '2030-01-07T10:00:00Z' },
  'POST /api/book/{token}': { start: '2030-01-07T10:00:00Z' },
  'POST /api/book/{token}/reschedule': { start: '2030-01-07T11:00:00Z' },
  'POST /api/suppressions': { entries: ['ada@pipelinepilot.example', 'quotewell.example'], reason: 'asked by phone' },
};

/** A value for each path parameter a route can be reached with (the config key must be a known one). */
export const PATH_PLACEHOLDERS: Record<string, string> = {
  id: '1',
  nodeId: 'score',
  key: 'scoringWeights',
  runId: 'run-1',
  userId: '0123456789abcdef01234567',
  token: 'not-a-signed-token',
  email: 'nobody@placeholder.example',
  index: '0',
  prospectId: '1',
  pluginId: 'calendar-google',
  cycleId: 'cycle-1',
};
