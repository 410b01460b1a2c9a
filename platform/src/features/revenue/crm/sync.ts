// The sync's work, one page at a time (each page one activity of the crmSync workflow): the
// workspace's domain events after the connection's cursor — prospects created or scored, emails
// sent, replies received, meetings booked or cancelled — written to the CRM by Meetflow's ids, then
// the CRM's exclusions read back.
import { CRM_FAILURES, domainOf, isCrmFailure, type CrmWrite } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import type { Model } from 'mongoose';
import { lastEventSeq, type DomainEvent, type EventsDb } from '../../../core/events.ts';
import type { Models } from '../../models.ts';
import { openCrm, resealRefreshedTokens, type CrmDeps, type OpenedCrm } from './connections.ts';
import type { CrmConnection, CrmObject, CrmSyncCounts, CrmSyncLogEntry } from './model.ts';

/** What a sync reads besides its own collections: the events it follows, and the prospects and emails they name. */
export type CrmSyncDeps = CrmDeps & { db: CrmDeps['db'] & EventsDb & Pick<Models, 'prospects' | 'outbox' | 'inboxMessages'> };

/** Events one page reads (a batch of at most 100 companies and contacts, the plugins' batch limit). */
export const EVENTS_PER_PAGE = 100;
/** Sync log rows kept per workspace (the newest); one row per object, so this caps a workspace with more objects than it. */
export const SYNC_LOG_CAP = 2_000;
/** A missing event number this long after a later one was written is a number lost to a race, not a publish in flight. */
const GAP_GRACE_MS = 60_000;

/** Ends a sync for good (the connection's credentials were refused): the reason asks for a reconnect. */
export class CrmSyncStopped extends Error {
  override name = 'CrmSyncStopped';
}

/** What one page did. */
export interface PageResult {
  /** More events wait after this page. */
  more: boolean;
  counts: CrmSyncCounts;
}

type Prospect = Models['prospects'] extends Model<infer T> ? T : never;
type Outcome = { crmId: string | null; action: 'created' | 'updated' | 'failed'; error: string | null };

const zero = (): CrmSyncCounts => ({ created: 0, updated: 0, skipped: 0, failed: 0 });
const companyKey = (domain: string) => `company:${domain}`;
const contactKey = (prospectId: number) => `prospect:${prospectId}`;

/** The company domain of a prospect: its website's, else its email's. */
const domainOfProspect = (prospect: Prospect) => domainOf(prospect.website) ?? domainOf(prospect.email.split('@')[1] ?? null);

/** Marks the connection's sync running (the UI shows it); false when the workspace has no CRM connected (the workflow ends). */
export async function beginSync(db: CrmDeps['db'], workspaceId: string): Promise<boolean> {
  const updated = await db.crmConnections.updateOne(
    { workspaceId },
    { $set: { 'sync.running': true, 'sync.startedAt': new Date(), 'sync.error': null, 'sync.counts': zero() } },
  );
  return updated.matchedCount > 0;
}

/** Records how the sync ended; with a finished exclusions refresh (`generation`), drops the exclusions it replaced. */
export async function finishSync(db: CrmDeps['db'], workspaceId: string, generation: string | null, error: string | null): Promise<void> {
  const set: Record<string, unknown> = { 'sync.running': false, 'sync.at': new Date(), 'sync.error': error };
  if (generation) {
    await db.crmExclusions.deleteMany({ workspaceId, generation: { $ne: generation } });
    set['sync.exclusions'] = { count: await db.crmExclusions.countDocuments({ workspaceId }), at: new Date() };
  }
  await db.crmConnections.updateOne({ workspaceId }, { $set: set });
}

/** Turns a plugin failure into what the sync does with it: retried (thrown on), the sync stopped, or that object failed (its message). */
function failureOf(error: unknown): string {
  if (!isCrmFailure(error)) {
    // A record the plugin's schema refuses (its input checked at the boundary) fails alone, not retried.
    if (error instanceof ApplicationFailure && error.nonRetryable) return error.message;
    throw error;
  }
  const failure = error;
  if (failure.type === CRM_FAILURES.unavailable) throw failure; // the activity's retry policy waits (Retry-After when given)
  if (failure.type === CRM_FAILURES.authRefused) throw new CrmSyncStopped(failure.message);
  return failure.message;
}

/**
 * Writes records in one batch; when the CRM refuses the batch (not retryably), each record alone,
 * so a bad one fails by itself with its reason and the others are written.
 */
async function upsertEach<T extends { externalId: string }>(
  deps: CrmDeps,
  opened: OpenedCrm,
  records: T[],
  write: (batch: T[]) => Promise<unknown>,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const run = async (batch: T[]) => {
    const answer = (await write(batch)) as { results: CrmWrite[]; refreshedTokens?: unknown };
    await resealRefreshedTokens(deps, opened, answer.refreshedTokens);
    for (const result of answer.results)
      outcomes.set(result.externalId, { crmId: result.crmId, action: result.created ? 'created' : 'updated', error: null });
  };
  if (records.length === 0) return outcomes;
  try {
    await run(records);
  } catch (error) {
    const message = failureOf(error);
    if (records.length === 1) outcomes.set(records[0]!.externalId, { crmId: null, action: 'failed', error: message });
    else
      for (const record of records) {
        try {
          await run([record]);
        } catch (alone) {
          outcomes.set(record.externalId, { crmId: null, action: 'failed', error: failureOf(alone) });
        }
      }
  }
  return outcomes;
}

/** Keeps each object's last result (one row per object), then caps the workspace's log at SYNC_LOG_CAP rows, newest kept. */
async function writeLog(db: CrmDeps['db'], workspaceId: string, object: CrmObject, outcomes: Map<string, Outcome>, counts: CrmSyncCounts) {
  const at = new Date();
  for (const [externalId, outcome] of outcomes) {
    counts[outcome.action === 'failed' ? 'failed' : outcome.action] += 1;
    await db.crmSyncLog.updateOne(
      { workspaceId, object, externalId },
      // A failed retry keeps the crmId an earlier write answered.
      { $set: { action: outcome.action, error: outcome.error, at, ...(outcome.crmId ? { crmId: outcome.crmId } : {}) } },
      { upsert: true },
    );
  }
}

async function capLog(db: CrmDeps['db'], workspaceId: string) {
  const beyond = await db.crmSyncLog
    .find({ workspaceId }, { _id: 1 })
    .sort({ at: -1, _id: -1 })
    .skip(SYNC_LOG_CAP)
    .lean<Array<{ _id: unknown }>>();
  if (beyond.length > 0) await db.crmSyncLog.deleteMany({ workspaceId, _id: { $in: beyond.map((row) => row._id) } });
}

/** The events after `cursor` (exact numbers of the unique index), and the cursor after those that may be passed. */
async function eventsAfter(db: EventsDb, workspaceId: string, cursor: number, now: Date) {
  const last = await lastEventSeq(db.counters, workspaceId);
  const wanted = Array.from({ length: Math.min(EVENTS_PER_PAGE, last - cursor) }, (_, index) => cursor + 1 + index);
  if (wanted.length === 0) return { events: [], next: cursor, last };
  const found = await db.events.find({ workspaceId, seq: { $in: wanted } }).lean<DomainEvent[]>();
  const bySeq = new Map(found.map((event) => [event.seq, event]));
  const events: DomainEvent[] = [];
  let next = cursor;
  for (const seq of wanted) {
    const event = bySeq.get(seq);
    if (!event) {
      // A gap: passed once a later event is older than the grace (the publish that reserved it lost a race).
      const later = found.find((candidate) => candidate.seq > seq);
      if (!later || now.getTime() - new Date(later.createdAt).getTime() < GAP_GRACE_MS) break;
    } else events.push(event);
    next = seq;
  }
  return { events, next, last };
}

/** The timeline entries a sync logs, by event type: the sync log's object and Meetflow's id of each. */
const ACTIVITY_EVENTS: Partial<Record<DomainEvent['type'], { object: CrmObject; key: (event: DomainEvent) => string }>> = {
  'email.sent': { object: 'email', key: (event) => `email:${String(event.data.emailId)}` },
  // A reply's Message-ID holds characters an external id may not: the event id (derived from it) keys it.
  'reply.received': { object: 'email', key: (event) => `reply:${event.eventId}` },
  'meeting.booked': { object: 'meeting', key: (event) => `meeting:${String(event.data.meetingId)}` },
  // Its own entry beside the booked one (the contract logs, it does not edit), so the timeline keeps both.
  'meeting.cancelled': { object: 'meeting', key: (event) => `meeting-cancelled:${String(event.data.meetingId)}` },
};

/**
 * One page of the sync: the next events after the connection's cursor. The prospects they name
 * (created or scored, or the contact of an activity not yet in the CRM) are written as companies
 * (keyed `company:<domain>`) then contacts (`prospect:<id>`, linked to their company, with the
 * stage the page's last `prospect.stage_changed` gave), then each email sent, reply received and
 * meeting booked or cancelled is logged on its contact's timeline (`email:<outbox id>`,
 * `reply:<event id>`, `meeting:<id>`, `meeting-cancelled:<id>`) unless the sync log holds its
 * crmId already. Every write is idempotent, so a page retried after a lost answer writes nothing
 * twice; the cursor moves only after the page.
 * A retryable CRM failure is thrown on (the activity's retry policy, honouring Retry-After); a
 * refused token stops the sync (CrmSyncStopped); any other refusal fails that object, logged.
 */
export async function syncPage(deps: CrmSyncDeps, workspaceId: string, now: Date = new Date()): Promise<PageResult> {
  const { db } = deps;
  const counts = zero();
  const connection = await db.crmConnections.findOne({ workspaceId }).lean<CrmConnection>();
  if (!connection) return { more: false, counts };
  const cursor = connection.sync?.cursor ?? 0;
  const { events, next, last } = await eventsAfter(db, workspaceId, cursor, now);
  if (next === cursor) return { more: false, counts };
  const opened = openCrm(deps, connection);

  const activities = events.filter((event) => ACTIVITY_EVENTS[event.type] !== undefined);
  const logged = await db.crmSyncLog
    .find({ workspaceId, object: { $in: ['email', 'meeting', 'contact'] }, crmId: { $ne: null } }, { object: 1, externalId: 1, _id: 0 })
    .lean<Array<Pick<CrmSyncLogEntry, 'object' | 'externalId'>>>();
  const done = new Set(logged.map((row) => `${row.object}|${row.externalId}`));
  const prospectIdOf = (event: DomainEvent) =>
    event.type === 'prospect.created' ? (event.data.prospect as { id: number }).id : (event.data.prospectId as number | null);
  const wantedIds = new Set<number>();
  // Each prospect's stage as the page's last scoring left it (events are in sequence order).
  const stages = new Map<number, 'qualified' | 'disqualified'>();
  for (const event of events) {
    const id = prospectIdOf(event);
    if (id === null || id === undefined) continue;
    if (event.type === 'prospect.stage_changed' && (event.data.stage === 'qualified' || event.data.stage === 'disqualified'))
      stages.set(id, event.data.stage);
    if (event.type === 'prospect.created' || event.type === 'prospect.stage_changed' || !done.has(`contact|${contactKey(id)}`))
      wantedIds.add(id);
  }
  const prospects = await db.prospects.find({ workspaceId, id: { $in: [...wantedIds] } }).lean<Prospect[]>();
  const byId = new Map(prospects.map((prospect) => [prospect.id, prospect]));

  // Companies before contacts (a contact links to its company), in batches of at most 100.
  const companies = new Map<
    string,
    { externalId: string; domain: string; name: string; industry: string | null; employees: number | null }
  >();
  for (const prospect of prospects) {
    const domain = domainOfProspect(prospect);
    if (domain && !companies.has(domain))
      companies.set(domain, {
        externalId: companyKey(domain),
        domain,
        name: prospect.company,
        industry: prospect.industry,
        employees: prospect.employeeCount && prospect.employeeCount > 0 ? prospect.employeeCount : null,
      });
  }
  const companyOutcomes = await upsertEach(deps, opened, [...companies.values()], (batch) =>
    opened.crm.activities.upsertCompanies({ account: opened.account, companies: batch }),
  );
  await writeLog(db, workspaceId, 'company', companyOutcomes, counts);
  const contacts = prospects.map((prospect) => {
    const domain = domainOfProspect(prospect);
    const company = domain ? companyOutcomes.get(companyKey(domain)) : undefined;
    return {
      externalId: contactKey(prospect.id),
      email: prospect.email,
      name: `${prospect.firstName} ${prospect.lastName}`.trim(),
      title: prospect.jobTitle,
      companyExternalId: company && company.action !== 'failed' ? companyKey(domain!) : null,
      stage: stages.get(prospect.id) ?? null,
    };
  });
  const contactOutcomes = await upsertEach(deps, opened, contacts, (batch) =>
    opened.crm.activities.upsertContacts({ account: opened.account, contacts: batch }),
  );
  await writeLog(db, workspaceId, 'contact', contactOutcomes, counts);

  for (const event of activities) {
    const { object, key } = ACTIVITY_EVENTS[event.type]!;
    const externalId = key(event);
    if (done.has(`${object}|${externalId}`)) {
      counts.skipped += 1; // logged before: an activity is never written twice
      continue;
    }
    const outcome = await logActivity(deps, opened, event, byId, externalId);
    await writeLog(db, workspaceId, object, new Map([[externalId, outcome]]), counts);
  }

  await db.crmConnections.updateOne(
    { workspaceId, publicId: connection.publicId, 'sync.cursor': cursor },
    { $set: { 'sync.cursor': next }, $inc: Object.fromEntries(Object.entries(counts).map(([key, n]) => [`sync.counts.${key}`, n])) },
  );
  await capLog(db, workspaceId);
  return { more: next < last, counts };
}

/** Logs one email sent, reply received, or meeting booked or cancelled on its contact's timeline. */
async function logActivity(
  deps: CrmSyncDeps,
  opened: OpenedCrm,
  event: DomainEvent,
  prospects: Map<number, Prospect>,
  externalId: string,
): Promise<Outcome> {
  const prospectId = (event.data.prospectId as number | null) ?? null;
  const prospect = prospectId === null ? undefined : prospects.get(prospectId);
  if (!prospect) return { crmId: null, action: 'failed', error: 'its prospect is not in this workspace any more' };
  const name = `${prospect.firstName} ${prospect.lastName}`.trim();
  let activity: Record<string, unknown>;
  if (event.type === 'email.sent') {
    const row = await deps.db.outbox
      .findOne({ workspaceId: event.workspaceId, _id: String(event.data.emailId) }, { body: 1, _id: 0 })
      .lean<{ body?: string }>()
      .catch(() => null);
    activity = {
      externalId,
      kind: 'email',
      contactExternalId: contactKey(prospect.id),
      contactEmail: prospect.email,
      subject: String(event.data.subject || '(no subject)').slice(0, 255),
      body: (row?.body ?? '').slice(0, 60_000),
      at: new Date(event.occurredAt).toISOString(),
      direction: 'outgoing',
    };
  } else if (event.type === 'reply.received') {
    // The reply as the inbox recorded it (handle-reply.ts keys it by prospect and Message-ID).
    const row = await deps.db.inboxMessages
      .findOne(
        { workspaceId: event.workspaceId, key: `reply-${prospect.id}-${String(event.data.messageId)}` },
        { subject: 1, text: 1, _id: 0 },
      )
      .lean<{ subject?: string; text?: string }>();
    activity = {
      externalId,
      kind: 'email',
      contactExternalId: contactKey(prospect.id),
      contactEmail: prospect.email,
      subject: (row?.subject?.trim() || '(no subject)').slice(0, 255),
      body: (row?.text ?? '').slice(0, 60_000),
      at: new Date(event.occurredAt).toISOString(),
      direction: 'incoming',
    };
  } else if (event.type === 'meeting.cancelled') {
    const scheduledAt = event.data.scheduledAt ? new Date(String(event.data.scheduledAt)) : null;
    activity = {
      externalId,
      kind: 'meeting',
      contactExternalId: contactKey(prospect.id),
      contactEmail: prospect.email,
      subject: `Cancelled: meeting with ${name}`.slice(0, 255),
      body: `Cancelled in Meetflow on ${new Date(event.occurredAt).toISOString()}${scheduledAt ? `; it was to start at ${scheduledAt.toISOString()}` : ''}.`,
      // Beside the booked meeting on the timeline: at its time when known, else when it was cancelled.
      at: (scheduledAt ?? new Date(event.occurredAt)).toISOString(),
    };
  } else {
    activity = {
      externalId,
      kind: 'meeting',
      contactExternalId: contactKey(prospect.id),
      contactEmail: prospect.email,
      subject: `Meeting with ${name}`.slice(0, 255),
      body: event.data.meetingUrl ? `Join: ${String(event.data.meetingUrl)}` : '',
      at: String(event.data.scheduledAt),
    };
  }
  try {
    const answer = (await opened.crm.activities.logActivity({ account: opened.account, activity })) as CrmWrite & {
      refreshedTokens?: unknown;
    };
    await resealRefreshedTokens(deps, opened, answer.refreshedTokens);
    return { crmId: answer.crmId, action: answer.created ? 'created' : 'updated', error: null };
  } catch (error) {
    return { crmId: null, action: 'failed', error: failureOf(error) };
  }
}

/**
 * One page of the CRM's exclusions (customers, open deals) written under this sync's `generation`;
 * finishSync drops the older generations once the last page is in, so discovery never sees none
 * mid-refresh. Answers the next page's cursor (null: that was the last).
 */
export async function exclusionsPage(
  deps: CrmDeps,
  workspaceId: string,
  generation: string,
  cursor: string | null,
): Promise<{ nextCursor: string | null }> {
  const connection = await deps.db.crmConnections.findOne({ workspaceId }).lean<CrmConnection>();
  if (!connection) return { nextCursor: null };
  const opened = openCrm(deps, connection);
  let page: { exclusions: Array<{ reason: 'customer' | 'open-deal'; domain: string | null; email: string | null; name: string }> };
  let nextCursor: string | null;
  try {
    const answer = (await opened.crm.activities.listExclusions({ account: opened.account, cursor })) as typeof page & {
      nextCursor: string | null;
      refreshedTokens?: unknown;
    };
    await resealRefreshedTokens(deps, opened, answer.refreshedTokens);
    page = answer;
    nextCursor = answer.nextCursor;
  } catch (error) {
    throw new CrmSyncStopped(failureOf(error));
  }
  if (page.exclusions.length > 0)
    await deps.db.crmExclusions.insertMany(
      page.exclusions.map((row) => ({
        workspaceId,
        generation,
        reason: row.reason,
        domain: domainOf(row.domain),
        email: row.email?.toLowerCase() ?? null,
        name: row.name,
      })),
    );
  return { nextCursor };
}
