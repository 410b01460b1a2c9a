import { NotFoundError } from '../../../core/errors.ts';
import { analyzeIcp, type IcpDeps } from './analyze.ts';
import { editSliceCriteria, getWorkspaceIcp } from './store.ts';
import { sampleCustomerSites } from './sample-sites.ts';
import { AnalyzeIcpBody, EditSliceBody, IcpResponse, parseAnalyzeIcpBody, SampleSitesResponse, SliceParams } from './api-schemas.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** What the ICP routes need: the ICP builder's services, and where the sample sites are served (if anywhere). */
export interface IcpRouterDeps extends IcpDeps {
  samplesUrl?: string | null;
}

const tags = ['icp'];

/**
 * POST /api/superagent/analyze-icp (build the workspace's ICP from customer URLs), GET /api/icp
 * (the stored one) and GET /api/icp/sample-sites (the bundled customer sites a newcomer can try).
 */
export const icpRoutes = [
  route<IcpRouterDeps>(
    {
      method: 'post',
      path: '/api/superagent/analyze-icp',
      access: 'sales-ops',
      tags,
      query: WorkspaceQuery,
      body: AnalyzeIcpBody,
      summary: "Research 3 to 10 customer sites and build the workspace's ICP slices (stored as its ICP)",
      responses: {
        200: { description: 'ICP slices, overall confidence and notes naming what was found where', schema: IcpResponse },
        400: {
          description:
            'Fewer than 3 URLs ("Please provide at least 3 customer URLs for analysis"), more than 10, or a URL that is not http(s) (named)',
        },
        422: { description: 'No site could be analysed (each named with the reason), or research is not installed' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const { urls } = parseAnalyzeIcpBody(ctx.request.body);
      ctx.body = IcpResponse.parse(await analyzeIcp(deps, workspaceId, urls));
    },
  ),
  route<IcpRouterDeps>(
    {
      method: 'get',
      path: '/api/icp',
      access: 'viewer',
      summary: "The workspace's ICP from its last analysis",
      tags,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The stored ICP', schema: IcpResponse },
        400: { description: 'Invalid workspace slug' },
        404: { description: 'No ICP analysed yet in this workspace' },
      },
    },
    (deps) => async (ctx) => {
      const icp = await getWorkspaceIcp(deps.db, workspaceOf(ctx));
      if (!icp) throw new NotFoundError('No ICP yet in this workspace: analyse 3 to 10 customer URLs in the ICP Builder first');
      ctx.body = IcpResponse.parse(icp);
    },
  ),
  route<IcpRouterDeps>(
    {
      method: 'patch',
      path: '/api/icp/slices/{index}',
      access: 'sales-ops',
      tags,
      params: SliceParams,
      query: WorkspaceQuery,
      body: EditSliceBody,
      summary:
        "Change one slice's criteria (industries, job titles, technologies, pain points) before discovery; a new analysis replaces them",
      responses: {
        200: { description: 'The ICP with the slice changed', schema: IcpResponse },
        400: {
          description: 'A list that is not a list of strings, an emptied industry or job titles list, or an unknown field (each named)',
        },
        404: { description: 'No ICP yet in this workspace, or no slice at that index' },
      },
    },
    (deps) => async (ctx) => {
      const { index } = SliceParams.parse(ctx.params);
      const change = EditSliceBody.parse(ctx.request.body ?? {});
      const icp = await editSliceCriteria(deps.db, workspaceOf(ctx), index, change);
      if (!icp) throw new NotFoundError(`No ICP slice ${index} in this workspace: analyse customer URLs in the ICP Builder first`);
      ctx.body = IcpResponse.parse(icp);
    },
  ),
  route<IcpRouterDeps>(
    {
      method: 'get',
      path: '/api/icp/sample-sites',
      access: 'viewer',
      tags,
      summary: 'The bundled sample customer sites, to try the ICP builder without internet (the same for every workspace)',
      responses: {
        200: { description: 'Their addresses; an empty list when the app serves no sample sites', schema: SampleSitesResponse },
      },
    },
    (deps) => (ctx) => {
      ctx.body = SampleSitesResponse.parse({ urls: deps.samplesUrl ? sampleCustomerSites(deps.samplesUrl) : [] });
    },
  ),
];

export const icpRouter = (deps: IcpRouterDeps) => routerOf(icpRoutes, deps);
export const icpRouteDocs = docsOf(icpRoutes);
