import { z } from 'zod';
import { InsightSchema } from '../learning/cycles.ts';
import { TREND_RANGES, type TrendRange } from '../outcomes/dashboard.ts';

/** GET /api/dashboard/metrics. */
export const MetricsSchema = z.object({
  learning_cycles: z.number().int().describe('Learning cycles run in the workspace'),
  response_rate: z.number().describe('Replies per send, percent, one decimal'),
  meeting_booked: z.number().int().describe('Meetings booked, all time'),
  learning_score: z.number().describe("The latest cycle's learning score (0–100), 0 when none"),
});

/** GET /api/dashboard/trends: one point per bucket (ISO week, or day for short ranges) with outcomes, oldest first. */
export const TrendsSchema = z.array(
  z.object({
    week: z.string().describe('ISO week, e.g. 2025-W07 (of the day, for a daily point)'),
    period: z.string().describe('The bucket: an ISO week, or a UTC day YYYY-MM-DD'),
    start: z.string().describe("The bucket's first day, YYYY-MM-DD"),
    responseRate: z.number().describe('Replies per send that week, percent'),
    meetingBookingRate: z.number().describe('Meetings booked per send that week, percent'),
    leadQualityScore: z.number().describe('Mean score (0–100) of the leads scored that week'),
  }),
);

/** Query of GET /api/dashboard/insights. */
export const InsightsQuery = z.object({
  cycles: z.coerce.number().int().min(1).max(20).default(3).describe('How many recent learning cycles to take insights from'),
});

/** GET /api/dashboard/insights: newest cycle first. */
export const InsightsSchema = z.array(InsightSchema);

/** Query of GET /api/dashboard/trends. */
export const TrendsQuery = z.object({
  range: z
    .enum(Object.keys(TREND_RANGES) as [TrendRange, ...TrendRange[]])
    .optional()
    .describe(
      '7d or 30d: daily points of the last 7 or 30 days; 90d: weekly points of the last 90 days; none: the last 12 weeks with data',
    ),
});
