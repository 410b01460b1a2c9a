import { route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, workspaceOf, WorkspaceQuery } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import {
  ConnectCrmBody,
  CrmConnectionView,
  CrmOverview,
  CrmParams,
  CrmSyncRequested,
  CrmTestResult,
  DisconnectedCrm,
} from './api-schemas.ts';
import { connectCrm, connectionById, disconnectCrm, testCrm, type CrmDeps, type CrmDisconnectDeps } from './connections.ts';
import { requestCrmSync, type CrmSyncStarter } from './run.ts';
import { connectionView, crmOverview } from './views.ts';

/** What the CRM routes are built over: the services' dependencies and where sync workflows start. */
export type CrmRouteDeps = CrmDeps & CrmDisconnectDeps & { workflows: CrmSyncStarter };

const tags = ['crm'];
const notFound = { description: 'No such CRM connection in the workspace' };
const noKey = 'CRMs cannot be connected or used: MEETFLOW_SECRETS_KEY is not set (production)';

/**
 * /api/crm: the workspace's connected CRM (one). Admins and owners connect, test, sync and
 * disconnect it; every member sees it, its last sync and the sync log; never its token.
 */
export const crmRoutes = [
  route<CrmRouteDeps>(
    {
      method: 'get',
      path: '/api/crm',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's connected CRM (never its token), the CRMs it can connect, and the sync log",
      responses: { 200: { description: 'The connection, the providers and the newest sync log rows', schema: CrmOverview } },
    },
    (deps) => async (ctx) => {
      ctx.body = await crmOverview(deps.db, deps.host, workspaceOf(ctx));
    },
  ),
  route<CrmRouteDeps>(
    {
      method: 'post',
      path: '/api/crm',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      body: ConnectCrmBody,
      summary:
        "Connect the workspace's CRM with its form's fields (a HubSpot private app token, a Pipedrive API token): a read with them first, then stored sealed, then a first sync",
      responses: {
        201: { description: 'The connected CRM (without its token); its first sync has been asked for', schema: CrmConnectionView },
        409: { description: 'The workspace has a CRM connected already: disconnect it first' },
        422: {
          description:
            'Not an installed CRM plugin, or one that connects with OAuth only; or the CRM refused the token (in plain words): nothing is stored',
        },
        503: { description: `The CRM did not answer (nothing is stored; try again later); or ${noKey}` },
      },
    },
    (deps) => async (ctx) => {
      const body = ConnectCrmBody.parse(ctx.request.body ?? {});
      const workspaceId = workspaceOf(ctx);
      const created = await connectCrm(deps, workspaceId, body, principalOf(ctx).id);
      await requestCrmSync(deps.workflows, workspaceId);
      const view = connectionView(created, deps.host);
      auditChange(ctx, { before: null, after: view });
      ctx.status = 201;
      ctx.body = view;
    },
  ),
  route<CrmRouteDeps>(
    {
      method: 'post',
      path: '/api/crm/{id}/test',
      access: 'admin',
      tags,
      params: CrmParams,
      query: WorkspaceQuery,
      summary: 'Test: a read from the CRM with the stored token; recorded as lastCheck',
      responses: {
        200: { description: 'ok, or why not in plain words (a refusal is an answer, not an error)', schema: CrmTestResult },
        404: notFound,
        409: { description: 'The stored token cannot be opened (another MEETFLOW_SECRETS_KEY): connect again' },
        503: { description: `${noKey}; or its CRM plugin is no longer installed` },
      },
    },
    (deps) => async (ctx) => {
      const { id } = CrmParams.parse(ctx.params);
      ctx.body = await testCrm(deps, workspaceOf(ctx), id);
    },
  ),
  route<CrmRouteDeps>(
    {
      method: 'post',
      path: '/api/crm/{id}/sync',
      access: 'admin',
      tags,
      params: CrmParams,
      query: WorkspaceQuery,
      summary: 'Sync now: the durable sync runs at once (or right after the one running)',
      responses: { 202: { description: 'Asked for', schema: CrmSyncRequested }, 404: notFound },
    },
    (deps) => async (ctx) => {
      const { id } = CrmParams.parse(ctx.params);
      const workspaceId = workspaceOf(ctx);
      await connectionById(deps.db, workspaceId, id);
      ctx.status = 202;
      ctx.body = await requestCrmSync(deps.workflows, workspaceId);
    },
  ),
  route<CrmRouteDeps>(
    {
      method: 'delete',
      path: '/api/crm/{id}',
      access: 'admin',
      tags,
      params: CrmParams,
      query: WorkspaceQuery,
      summary:
        "Disconnect the CRM: a grant given through the CRM's sign-in (OAuth) is revoked there first (best effort), then its connection and sealed token, its sync log and the exclusions it gave discovery are deleted (what it wrote stays in the CRM)",
      responses: {
        200: {
          description:
            'Disconnected; whether the CRM revoked the access, and else what the user does (a typed token is always theirs to revoke)',
          schema: DisconnectedCrm,
        },
        400: { description: 'Not a CRM connection id' },
        404: notFound,
      },
    },
    (deps) => async (ctx) => {
      const { id } = CrmParams.parse(ctx.params);
      const { connection, revocation } = await disconnectCrm(deps, workspaceOf(ctx), id);
      auditChange(ctx, { before: connectionView(connection, deps.host), after: null });
      ctx.body = { removed: true, ...revocation };
    },
  ),
];

export const crmRouter = (deps: CrmRouteDeps) => routerOf(crmRoutes, deps);
