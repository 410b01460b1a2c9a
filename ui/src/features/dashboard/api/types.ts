/** GET /api/dashboard/metrics (spec entity Dashboard metrics). */
export interface DashboardMetrics {
  learning_cycles: number;
  response_rate: number;
  meeting_booked: number;
  learning_score: number;
}

/** One point of GET /api/dashboard/trends. */
export interface TrendPoint {
  week: string;
  period: string;
  start: string;
  responseRate: number;
  meetingBookingRate: number;
  leadQualityScore: number;
}

/** The chart's ranges (the API's `range`). */
export type TrendRange = '7d' | '30d' | '90d';

/** GET /api/dashboard/insights item (spec entity Insight). */
export interface Insight {
  title: string;
  description: string;
  implementedDate: string | null;
  impact: string;
  confidence: number;
  type: string;
  color: string;
}

/** GET /api/activity item (spec entity Activity). */
export interface ActivityEntry {
  title: string;
  description: string;
  time: string;
  icon: string;
  color: string;
}

/** GET /api/agents/status item. */
export interface AgentPerformanceEntry {
  agentName: string;
  status: 'active' | 'learning' | 'analyzing' | 'idle';
  activity: string;
  performance: { accuracy: number | null; precision: number | null; engagement: number | null; success: number | null };
}

/** GET /api/config item. */
export interface ConfigEntry {
  configKey: string;
  configValue: Record<string, unknown>;
}

/** GET /api/learning/status. */
export interface LearningStatus {
  nextCycleAt: string | null;
  automaticCycles: boolean;
  lastCycleAt: string | null;
  pendingOutcomes: number;
  pendingScoredLeads: number;
  minSampleSize: number;
}

/** GET /api/health (200 or 503). */
export interface PlatformHealth {
  status: 'ok' | 'degraded';
  checks: Record<string, { ok: boolean; latencyMs: number; error?: string }>;
}
