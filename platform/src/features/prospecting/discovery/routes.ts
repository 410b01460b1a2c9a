import { discoverProspects, type DiscoveryDeps } from './discover.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { checkSources, DiscoverProspectsBody, DiscoverProspectsResponse } from './api-schemas.ts';
import { installedSources } from './sources.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** What the discovery route needs: plugins (the sample source among them) and Temporal, the config store. */
export interface DiscoveryRouterDeps extends PluginApiDeps {
  db: DiscoveryDeps['db'];
  /** Where the sample companies' sites are served (sample people's websites point there). */
  samplesUrl?: string | null;
}

/** POST /api/superagent/discover-prospects: prospects for ICP criteria from the chosen sources, matched and de-duplicated. */
export const discoveryRoutes = [
  route<DiscoveryRouterDeps>(
    {
      method: 'post',
      path: '/api/superagent/discover-prospects',
      access: 'sales-ops',
      tags: ['discovery'],
      query: WorkspaceQuery,
      body: DiscoverProspectsBody,
      summary: 'Discover prospects for ICP criteria from source plugins (unconfigured ones answer from the sample source, marked sample)',
      responses: {
        200: {
          description: 'Prospects best match first, with confidence and notes; success false (with error) when no source could be searched',
          schema: DiscoverProspectsResponse,
        },
        400: { description: 'No sources, or no industry / job title (each field named)' },
        422: { description: 'A source that is not installed (the installed ones named)' },
      },
    },
    (deps) => {
      const installed = installedSources(deps.host).map((source) => source.id);
      return async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const { icpCriteria, sources, ...options } = DiscoverProspectsBody.parse(ctx.request.body ?? {});
        checkSources(sources, installed);
        ctx.body = DiscoverProspectsResponse.parse(await discoverProspects(deps, workspaceId, icpCriteria, sources, options));
      };
    },
  ),
];

export const discoveryRouter = (deps: DiscoveryRouterDeps) => routerOf(discoveryRoutes, deps);
export const discoveryRouteDocs = docsOf(discoveryRoutes);
