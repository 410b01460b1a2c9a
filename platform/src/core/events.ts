// The platform's domain events: what happened in a workspace (a prospect created, an email sent, a
// reply classified, a meeting booked…), written once each to the `events` collection by the code
// where it happened. Core owns them (like the counters) so that every feature, in any domain, may
// publish; the webhooks feature (revenue) reads them to deliver them outside. Each event carries a
// per-workspace sequence number, so a reader follows a workspace's events by exact lookups on the
// unique (workspaceId, seq) index, never by scanning (the embedded database scans everything else).
import { createHash } from 'node:crypto';
import { duplicateKeyIndexes, type RunContext } from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';
import { reserveSequence, type Counter } from './db/counter.ts';

/** Every event type the platform publishes (README, "Webhooks", documents each one's data). */
export const EVENT_TYPES = [
  'prospect.created',
  'prospect.stage_changed',
  'email.sent',
  'reply.received',
  'meeting.booked',
  'meeting.cancelled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The counter name a workspace's event numbers come from. */
export const EVENT_SEQUENCE = 'event';

/** An event as stored. */
export interface DomainEvent {
  /** `evt_` and 32 hex digits, derived from the workspace, type and the key of what happened: a retried step publishes the same id. */
  eventId: string;
  workspaceId: string;
  /** Its number in the workspace's sequence of events (gaps are possible: a number reserved by a publish that lost a race). */
  seq: number;
  type: EventType;
  occurredAt: Date;
  data: Record<string, unknown>;
  /** Who caused it: the run context's principal (`user:<id>`, `token:<id>`, `system:<purpose>`). */
  publishedBy: string;
  createdAt: Date;
}

const EventSchema = new Schema<DomainEvent>(
  {
    eventId: { type: String, required: true },
    workspaceId: { type: String, required: true },
    seq: { type: Number, required: true },
    type: { type: String, required: true, enum: EVENT_TYPES },
    occurredAt: { type: Date, required: true },
    data: { type: Schema.Types.Mixed, default: {} },
    publishedBy: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, minimize: false },
);
// An event id is published once, across workspaces (the id is derived from the workspace too).
EventSchema.index({ eventId: 1 }, { unique: true });
// Readers follow a workspace's events by (workspaceId, seq): exact keys of this unique index.
EventSchema.index({ workspaceId: 1, seq: 1 }, { unique: true });

/** Registers the events model on a connection (once); collection `events`. */
export function eventModel(connection: Connection): Model<DomainEvent> {
  return (
    (connection.models.DomainEvent as Model<DomainEvent> | undefined) ?? connection.model<DomainEvent>('DomainEvent', EventSchema, 'events')
  );
}

/** The collections publishing needs: the events and the counters their numbers come from. */
export interface EventsDb {
  events: Model<DomainEvent>;
  counters: Model<Counter>;
}

/** What a source publishes: its type, the key of what happened (unique for that type in the workspace), when, and its data. */
export interface NewEvent {
  type: EventType;
  /** e.g. the outbox row's id for `email.sent`: the same key always makes the same event id. */
  key: string;
  occurredAt?: Date;
  data: Record<string, unknown>;
}

/** The deterministic id of an event: the same workspace, type and key always give the same id, and no two workspaces share one. */
export function eventIdOf(workspaceId: string, type: EventType, key: string): string {
  return `evt_${createHash('sha256').update(`${workspaceId}\n${type}\n${key}`).digest('hex').slice(0, 32)}`;
}

/**
 * Publishes an event in the run context's workspace (never one named by the data), once: a second
 * publish of the same type and key (a retried step, a replayed workflow) finds the first and writes
 * nothing. Answers the event id and whether this call wrote it.
 */
export async function publishEvent(
  db: EventsDb,
  context: Pick<RunContext, 'workspaceId' | 'principal'>,
  event: NewEvent,
): Promise<{ eventId: string; published: boolean }> {
  if (!context.workspaceId) throw new Error(`publishing ${event.type}: the run context names no workspace`);
  // Looked up first by its unique id, so a repeat does not use up a number: publishEvents for a list of one.
  return (await publishEvents(db, context, [event]))[0]!;
}

/** The highest event number the workspace has handed out (0 before its first event): where a new reader starts. */
export async function lastEventSeq(counters: Model<Counter>, workspaceId: string): Promise<number> {
  const counter = await counters.findOne({ workspaceId, name: EVENT_SEQUENCE }, { seq: 1 }).lean<{ seq: number }>();
  return counter?.seq ?? 0;
}

/**
 * publishEvent for several events of one run context at once (a batch chunk's): the ones not
 * published yet are found with one read (by their unique ids), numbered with one reservation and
 * written with one insert; the rest answer `published: false`. In the events' order. A concurrent
 * publish of one of them keeps the first (this number stays a gap), as publishEvent does.
 */
export async function publishEvents(
  db: EventsDb,
  context: Pick<RunContext, 'workspaceId' | 'principal'>,
  events: readonly NewEvent[],
): Promise<Array<{ eventId: string; published: boolean }>> {
  const { workspaceId } = context;
  if (!workspaceId) throw new Error('publishing events: the run context names no workspace');
  if (events.length === 0) return []; // nothing to look up or write
  const ids = events.map((event) => eventIdOf(workspaceId, event.type, event.key));
  const known = new Set(
    (await db.events.find({ workspaceId, eventId: { $in: [...new Set(ids)] } }, { eventId: 1 }).lean()).map((found) => found.eventId),
  );
  // The first of each id not published yet (one list may name an event twice).
  const fresh = ids.map((eventId, index) => !known.has(eventId) && ids.indexOf(eventId) === index);
  const count = fresh.filter(Boolean).length;
  const inserted = new Set<string>();
  if (count > 0) {
    let seq = await reserveSequence(db.counters, workspaceId, EVENT_SEQUENCE, count);
    const documents = events.flatMap((event, index) =>
      fresh[index]
        ? [
            {
              eventId: ids[index]!,
              workspaceId,
              seq: seq++,
              type: event.type,
              occurredAt: event.occurredAt ?? new Date(),
              data: event.data,
              publishedBy: context.principal.id,
            },
          ]
        : [],
    );
    try {
      // Every document valid or none sent: unordered, mongoose would otherwise drop an invalid one unsaid.
      await db.events.insertMany(documents, { ordered: false, throwOnValidationError: true });
      for (const document of documents) inserted.add(document.eventId);
    } catch (error) {
      const lost = duplicateKeyIndexes(error);
      if (!lost) throw error;
      documents.forEach((document, index) => lost.has(index) || inserted.add(document.eventId));
    }
  }
  return ids.map((eventId, index) => ({ eventId, published: fresh[index]! && inserted.has(eventId) }));
}
