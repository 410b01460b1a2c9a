// GET /api/sending/forecast: the workspace's sending capacity and when a backlog goes out, for the
// campaign launch ("the last first email goes out on…"), the Review Queue and the dashboard.
import { z } from 'zod';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import type { Models } from '../../models.ts';
import { getWorkspaceConfig, type ConfigStoreDb } from '../../insights/services.ts';
import { capOn, dayKey } from './guardrails.ts';
import { anotherMailbox, capacityByDay, finishOf, FORECAST_DAYS, sendsPerWindow, type ForecastMailbox } from './forecast.ts';

/** What the forecast route is built over. */
export interface ForecastDeps {
  db: ConfigStoreDb & Pick<Models, 'mailboxes' | 'sendCounters' | 'outbox'>;
  now?: () => Date;
}

/** The statuses of an email that has yet to go out: waiting for review, queued, or being sent. */
const WAITING = ['pending_review', 'queued', 'sending'] as const;
/** How many days of capacity the answer lists one by one. */
const DAYS_LISTED = 14;

const ForecastQuery = z.object({
  emails: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(100_000, 'must be at most 100,000')
    .default(0)
    .describe('New emails to place after those already waiting (e.g. the first emails of a campaign about to launch)'),
});

const Finish = z.object({
  lastDay: z.iso
    .date()
    .nullable()
    .describe('The day the last email goes out (sending time zone); null: never (no active mailbox) or not within a year'),
  days: z.number().int().nullable().describe('Days from today to that day (0: today)'),
});

const ForecastSchema = z.object({
  timeZone: z.string().describe('The sending time zone the days are in'),
  mailboxes: z.number().int().describe('Active mailboxes (paused ones send nothing)'),
  warmingUp: z.number().int().describe('Active mailboxes whose cap is still rising (warm-up)'),
  sentToday: z.number().int(),
  capacityToday: z.number().int().describe('Sends the active mailboxes may still make today'),
  capacityFullDay: z.number().int().describe("A whole open day's sends at today's caps"),
  waiting: z.number().int().describe('Emails written and not yet sent: waiting for review, queued or being sent'),
  emails: z.number().int().describe('The new emails asked about'),
  finish: Finish.describe('When the last of the waiting emails and the new ones goes out, first come first served'),
  withAnotherMailbox: Finish.describe('The same with one more mailbox connected today (warming up like any new one)'),
  days: z.array(z.object({ day: z.iso.date(), capacity: z.number().int() })).describe(`The next ${DAYS_LISTED} days' capacity`),
});
export type SendingForecastView = z.infer<typeof ForecastSchema>;

/** The forecast for a workspace, now. */
export async function sendingForecast(deps: ForecastDeps, workspaceId: string, emails: number): Promise<SendingForecastView> {
  const now = deps.now?.() ?? new Date();
  const { sending } = await getWorkspaceConfig(deps.db, workspaceId);
  const [active, waiting] = await Promise.all([
    deps.db.mailboxes.find({ workspaceId, status: 'active' }, { _id: 1, createdAt: 1, dailyCap: 1 }).lean(),
    deps.db.outbox.countDocuments({ workspaceId, status: { $in: [...WAITING] } }),
  ]);
  const counters = await deps.db.sendCounters
    .find({ workspaceId, kind: 'mailbox', day: dayKey(now, sending.timeZone), key: { $in: active.map((mailbox) => String(mailbox._id)) } })
    .lean();
  const mailboxes: ForecastMailbox[] = active.map((mailbox) => ({
    createdAt: mailbox.createdAt,
    dailyCap: mailbox.dailyCap,
    sentToday: counters.find((counter) => counter.key === String(mailbox._id))?.count ?? 0,
  }));
  const capacity = capacityByDay(mailboxes, sending, now, FORECAST_DAYS);
  // A whole open day at today's caps (the window's sends per mailbox, or its cap while lower).
  const perWindow = sendsPerWindow(sending);
  const capsToday = mailboxes.map((mailbox) => capOn(now, mailbox, sending.timeZone));
  const backlog = waiting + emails;
  const more = capacityByDay([...mailboxes, anotherMailbox(now)], sending, now, FORECAST_DAYS);
  return {
    timeZone: sending.timeZone,
    mailboxes: mailboxes.length,
    warmingUp: mailboxes.filter((mailbox, index) => capsToday[index]! < mailbox.dailyCap).length,
    sentToday: mailboxes.reduce((sum, mailbox) => sum + mailbox.sentToday, 0),
    capacityToday: capacity[0]?.capacity ?? 0,
    capacityFullDay: capsToday.reduce((sum, cap) => sum + Math.min(cap, perWindow), 0),
    waiting,
    emails,
    finish: finishOf(capacity, backlog),
    withAnotherMailbox: finishOf(more, backlog),
    days: capacity.slice(0, DAYS_LISTED),
  };
}

/** /api/sending/forecast. */
export const forecastRoutes = [
  route<ForecastDeps>(
    {
      method: 'get',
      path: '/api/sending/forecast',
      access: 'viewer',
      tags: ['sending'],
      query: WorkspaceQuery.extend(ForecastQuery.shape),
      summary:
        "The workspace's sending capacity (active mailboxes, warm-up, window, gap between sends) and the day the last waiting email, and `emails` more, goes out",
      responses: {
        200: { description: 'The forecast', schema: ForecastSchema },
        400: { description: 'A query parameter is invalid (each is named)' },
      },
    },
    (deps) => async (ctx) => {
      const { emails } = ForecastQuery.parse(ctx.query);
      ctx.body = await sendingForecast(deps, workspaceOf(ctx), emails);
    },
  ),
];

export const forecastRouter = (deps: ForecastDeps) => routerOf(forecastRoutes, deps);
