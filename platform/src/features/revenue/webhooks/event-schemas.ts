// What a webhook receiver is sent: one JSON envelope per event, its `data` documented per type as
// a zod schema here, served as JSON Schema at GET /api/webhooks/event-types (and in README, "Webhooks").
import { z } from 'zod';
import type { DomainEvent, EventType } from '../../../core/events.ts';

const prospectId = z.number().int().describe("The prospect's id in the workspace (as in /api/prospects/{id})");

/** Each event type's `data`. */
export const EVENT_DATA = {
  'prospect.created': z.object({
    prospect: z.object({
      id: prospectId,
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      company: z.string(),
      jobTitle: z.string().nullable(),
      source: z.string().nullable(),
    }),
  }),
  'prospect.stage_changed': z.object({
    prospectId,
    stage: z.enum(['qualified', 'disqualified']).describe('Where the prospect pipeline placed the prospect once scored'),
    score: z.number().describe('The lead score, 0–100'),
  }),
  'email.sent': z.object({
    emailId: z.string().describe('The outbox row of the email'),
    prospectId,
    step: z.number().int().describe('The sequence step (1 is the first email); a reply or an invitation written by a person has its own'),
    to: z.string(),
    from: z.string().nullable(),
    subject: z.string(),
    messageId: z.string().nullable().describe('The Message-ID header it was sent with'),
    unconfirmed: z.boolean().describe('True when the mail server may have taken it but never said so (counted sent, never sent again)'),
  }),
  'reply.received': z.object({
    prospectId,
    messageId: z.string().describe('The Message-ID of the reply'),
    classification: z.object({
      category: z.string().describe('interested, not_interested, objection, out_of_office, unsubscribe, question, …'),
      confidence: z.number().nullable(),
    }),
  }),
  'meeting.booked': z.object({
    meetingId: z.string(),
    prospectId: prospectId.nullable(),
    scheduledAt: z.iso.datetime(),
    meetingUrl: z.string().nullable(),
  }),
  'meeting.cancelled': z.object({
    meetingId: z.string(),
    prospectId: prospectId.nullable(),
    scheduledAt: z.iso.datetime().nullable(),
  }),
} satisfies Record<EventType, z.ZodType>;

/** The envelope every delivery's body is, for an event of `type`. */
export const envelopeOf = <T extends EventType>(type: T) =>
  z.object({
    id: z.string().describe('The event id: the same on every attempt and replay (also the Meetflow-Event-Id header): dedupe by it'),
    type: z.literal(type),
    occurredAt: z.iso.datetime(),
    workspace: z.string().describe('The workspace it happened in'),
    data: EVENT_DATA[type],
  });

/** The JSON Schema of each event type's envelope (draft 2020-12). */
export function eventJsonSchemas(): Array<{ type: EventType; schema: Record<string, unknown> }> {
  return (Object.keys(EVENT_DATA) as EventType[]).map((type) => ({
    type,
    schema: z.toJSONSchema(envelopeOf(type), { io: 'output' }) as Record<string, unknown>,
  }));
}

/** The exact body a delivery of `event` sends (the same bytes on every attempt, so a signature is over what the receiver reads). */
export function deliveryBody(event: Pick<DomainEvent, 'eventId' | 'type' | 'occurredAt' | 'workspaceId' | 'data'>): string {
  return JSON.stringify({
    id: event.eventId,
    type: event.type,
    occurredAt: new Date(event.occurredAt).toISOString(),
    workspace: event.workspaceId,
    data: event.data,
  });
}
