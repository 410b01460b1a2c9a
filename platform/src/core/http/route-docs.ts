import { activityRouteDocs } from '../../features/learning/activity-routes.ts';
import { agentSettingsRouteDocs } from '../../features/agents/settings-routes.ts';
import { agentsRouteDocs } from '../../features/agents/routes.ts';
import { batchesRouteDocs } from '../../features/pipelines/batches-routes.ts';
import { campaignsRouteDocs } from '../../features/campaigns/routes.ts';
import { configRouteDocs } from '../../features/workspace-config/routes.ts';
import { dashboardRouteDocs } from '../../features/dashboard/routes.ts';
import { discoveryRouteDocs } from '../../features/discovery/routes.ts';
import { healthRouteDocs } from '../../features/health/routes.ts';
import { icpRouteDocs } from '../../features/icp/routes.ts';
import { learningRouteDocs } from '../../features/learning/routes.ts';
import { meetingsRouteDocs } from '../../features/meetings/routes.ts';
import { openapiRouteDocs } from './openapi.ts';
import { pipelinesRouteDocs } from '../../features/pipelines/routes.ts';
import { pluginsRouteDocs } from '../../features/plugins/routes.ts';
import { pricingRouteDocs } from '../../features/pricing/routes.ts';
import { processProspectRouteDocs } from '../../features/superagent/routes.ts';
import { prospectsImportRouteDocs } from '../../features/prospects/import-routes.ts';
import { prospectProfileRouteDocs, prospectsRouteDocs } from '../../features/prospects/routes.ts';
import { repliesRouteDocs } from '../../features/replies/routes.ts';
import type { RouteDoc } from './route-doc.ts';
import { runsRouteDocs } from '../../features/pipelines/runs-routes.ts';
import { templatesRouteDocs } from '../../features/templates/routes.ts';

/** Every route the API serves, described for GET /api/openapi.json; add each new router module's docs here. */
export const allRouteDocs: RouteDoc[] = [
  ...healthRouteDocs,
  ...pluginsRouteDocs,
  ...agentsRouteDocs,
  ...agentSettingsRouteDocs,
  ...pipelinesRouteDocs,
  ...runsRouteDocs,
  ...batchesRouteDocs,
  ...prospectsRouteDocs,
  ...prospectProfileRouteDocs,
  ...prospectsImportRouteDocs,
  ...campaignsRouteDocs,
  ...templatesRouteDocs,
  ...meetingsRouteDocs,
  ...pricingRouteDocs,
  ...icpRouteDocs,
  ...discoveryRouteDocs,
  ...processProspectRouteDocs,
  ...repliesRouteDocs,
  ...configRouteDocs,
  ...activityRouteDocs,
  ...learningRouteDocs,
  ...dashboardRouteDocs,
  ...openapiRouteDocs,
];
