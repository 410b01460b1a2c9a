// The dashboard's API shapes, as the API's OpenAPI document states them (ui/src/lib/api-types.generated.ts).
import type {
  GetApiActivityResponse,
  GetApiAgentsStatusResponse,
  GetApiConfigResponse,
  GetApiDashboardInsightsResponse,
  GetApiDashboardMetricsResponse,
  GetApiDashboardTrendsQuery,
  GetApiDashboardTrendsResponse,
  GetApiHealthResponse,
  GetApiLearningStatusResponse,
} from '../../../lib/api-types.generated.ts';

/** GET /api/dashboard/metrics (spec entity Dashboard metrics). */
export type DashboardMetrics = GetApiDashboardMetricsResponse;

/** One point of GET /api/dashboard/trends. */
export type TrendPoint = GetApiDashboardTrendsResponse[number];

/** The chart's ranges (the API's `range`). */
export type TrendRange = NonNullable<GetApiDashboardTrendsQuery['range']>;

/** GET /api/dashboard/insights item (spec entity Insight). */
export type Insight = GetApiDashboardInsightsResponse[number];

/** GET /api/activity item (spec entity Activity). */
export type ActivityEntry = GetApiActivityResponse[number];

/** GET /api/agents/status item. */
export type AgentPerformanceEntry = GetApiAgentsStatusResponse[number];

/** GET /api/config item. */
export type ConfigEntry = GetApiConfigResponse[number];

/** GET /api/learning/status. */
export type LearningStatus = GetApiLearningStatusResponse;

/** The newest cycle's refit of the scoring weights from meetings (GET /api/learning/status `scoringRefit`). */
export type ScoringRefit = NonNullable<LearningStatus['scoringRefit']>;

/** GET /api/health (200 or 503). */
export type PlatformHealth = GetApiHealthResponse;
