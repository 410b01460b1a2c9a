import { z } from 'zod';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import type { auditModels } from './model.ts';

const AuditEntryView = z.object({
  at: z.iso.datetime(),
  actor: z.string().describe('`user:<id>` or `token:<id>`'),
  actorName: z.string().describe("The user's email, or the API token's name"),
  action: z.string().describe('The call, e.g. `PUT /api/config/{key}`'),
  summary: z.string(),
  target: z.record(z.string(), z.unknown()).describe('Its path parameters'),
  request: z.unknown().describe('The JSON body sent, secrets redacted; null when none or too large'),
  result: z.record(z.string(), z.unknown()).describe('Ids the answer named, e.g. the run started'),
  before: z.unknown(),
  after: z.unknown(),
});
const AuditQuery = WorkspaceQuery.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** GET /api/audit: who changed what in the workspace, newest first (owners and admins). */
export const auditRoutes = [
  route<ReturnType<typeof auditModels>>(
    {
      method: 'get',
      path: '/api/audit',
      access: 'admin',
      tags: ['audit'],
      query: AuditQuery,
      summary: 'The audit trail: every change made in the workspace (config, bids, pipelines, runs, members, tokens…), newest first',
      responses: {
        200: { description: 'Entries, newest first', schema: z.array(AuditEntryView) },
        400: { description: 'Invalid workspace slug, limit or offset' },
      },
    },
    (db) => async (ctx) => {
      const { limit, offset } = AuditQuery.parse(ctx.query);
      const entries = await db.auditEntries
        .find({ workspaceId: workspaceOf(ctx) }, { _id: 0, workspaceId: 0 })
        .sort({ at: -1, _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean();
      ctx.body = z.array(AuditEntryView).parse(entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })));
    },
  ),
];

export const auditRouter = (db: ReturnType<typeof auditModels>) => routerOf(auditRoutes, db);
