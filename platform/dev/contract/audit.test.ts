import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, type ContractClient } from './client.ts';
import { addMember, signUpPerson } from './fixtures.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';

// The audit trail: who changed what, with before and after, never a secret.
let platform: ContractPlatform;
let client: ContractClient;

beforeAll(async () => {
  platform = await startContractPlatform('contract-audit');
  client = platform.client(uniqueWorkspace('audit'));
});
afterAll(async () => platform?.close());

interface Entry {
  action: string;
  actor: string;
  actorName: string;
  target: Record<string, string>;
  request: unknown;
  result: Record<string, unknown>;
  before: unknown;
  after: unknown;
}
const trail = async () => bodyOf<Entry[]>(await client.get('/api/audit', { query: { limit: 200 } }));

describe('the audit trail', () => {
  it('records members and tokens changed, by whom, and never the secrets', async () => {
    const person = await signUpPerson(client, 'audited');
    await addMember(client, person, 'viewer');
    const promoted = await client.patch(`/api/members/${person.userId}`, { role: 'sales-ops' }, { anonymous: true });
    expect(promoted.status).toBe(401); // anonymous changes nothing, and is not recorded
    await client.patch(`/api/members/${person.userId}`, { role: 'sales-ops' });
    const { token } = bodyOf<{ token: string }>(await client.post('/api/tokens', { name: 'ci', role: 'viewer' }));
    const entries = await trail();
    const [created, changed, accepted, invited] = entries;
    expect(created).toMatchObject({
      action: 'POST /api/tokens',
      actorName: 'API token "test owner"',
      request: { name: 'ci', role: 'viewer' },
    });
    expect(changed).toMatchObject({
      action: 'PATCH /api/members/{userId}',
      target: { userId: person.userId },
      before: { email: person.email, role: 'viewer' },
      after: { email: person.email, role: 'sales-ops' },
    });
    expect(accepted).toMatchObject({ action: 'POST /api/invitations/accept', actorName: person.email, request: { token: '[redacted]' } });
    expect(invited).toMatchObject({ action: 'POST /api/invitations', request: { role: 'viewer' } });
    expect(entries).toHaveLength(4);
    const stored = JSON.stringify(await platform.stack.database.collection('auditentries').find({}).toArray());
    expect(stored).not.toContain(token);
  });

  it('records who started and reran which run, and reads are not recorded', async () => {
    await client.get('/api/prospects');
    const pipeline = {
      id: 'audited',
      name: 'Audited',
      nodes: [{ id: 'score', activity: 'lead-scoring.scoreProspect', input: '{{ input }}' }],
    };
    expect((await client.post('/api/pipelines', pipeline)).status).toBe(201);
    const { runId } = bodyOf<{ runId: string }>(await client.post('/api/pipelines/audited/runs', { input: {} }));
    const entries = await trail();
    expect(entries[0]).toMatchObject({ action: 'POST /api/pipelines/{id}/runs', target: { id: 'audited' }, result: { runId } });
    expect(entries[1]).toMatchObject({ action: 'POST /api/pipelines', request: { id: 'audited' } });
    expect(entries.map((entry) => entry.action)).not.toContain('GET /api/prospects');
  });
});
