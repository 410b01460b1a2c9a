import { activityRouteDocs } from './activity.ts';
import { agentSettingsRouteDocs } from './agent-settings.ts';
import { agentsRouteDocs } from './agents.ts';
import { batchesRouteDocs } from './batches.ts';
import { campaignsRouteDocs } from './campaigns.ts';
import { configRouteDocs } from './config.ts';
import { dashboardRouteDocs } from './dashboard.ts';
import { discoveryRouteDocs } from './discovery.ts';
import { healthRouteDocs } from './health.ts';
import { icpRouteDocs } from './icp.ts';
import { learningRouteDocs } from './learning.ts';
import { meetingsRouteDocs } from './meetings.ts';
import { openapiRouteDocs } from './openapi.ts';
import { pipelinesRouteDocs } from './pipelines.ts';
import { pluginsRouteDocs } from './plugins.ts';
import { pricingRouteDocs } from './pricing.ts';
import { processProspectRouteDocs } from './process-prospect.ts';
import { prospectsImportRouteDocs } from './prospects-import.ts';
import { prospectProfileRouteDocs, prospectsRouteDocs } from './prospects.ts';
import { repliesRouteDocs } from './replies.ts';
import type { RouteDoc } from './route-doc.ts';
import { runsRouteDocs } from './runs.ts';
import { templatesRouteDocs } from './templates.ts';

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
