// Each prospect's durable sequence: enrolment (a built-in step), due steps written to the outbox, stop on reply.
import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import { defineFeature } from '../../context.ts';
import { createSequenceActivities } from './activities.ts';
import { ENROLL_ACTIVITY, ENROLL_OPTIONS } from './enrollment.ts';
import { sequenceDirectoryModels } from './directory.ts';

export const sequencesFeature = defineFeature({
  name: 'sequences',
  domain: 'email',
  models: sequenceDirectoryModels,
  uses: [
    'outbox',
    'suppressions',
    'sendCounters',
    'mailboxes',
    'mailLinks',
    'prospects',
    'campaigns',
    'workspaceConfig',
    'outcomeEvents',
    'dashboardRollups',
    'activityEntries',
    'experiments',
    'experimentDecisions',
    'events',
    'counters',
    'sequenceDirectory',
  ],
  activities: (worker) =>
    createSequenceActivities({
      db: worker.db,
      secrets: worker.secrets,
      publicUrl: worker.publicUrl,
      channel: worker.channel,
      mailAllowHosts: worker.mailAllowHosts,
      proposeSlots: worker.plugins[MEETING_BOOKING.proposeSlots],
      bookingLink: worker.bookingLink,
      calendarBusy: worker.calendarBusy,
    }),
  // Enrolling starts the sequence's workflow: the worker binds it with its Temporal client (worker/activities.ts).
  steps: { options: new Map([[ENROLL_ACTIVITY, ENROLL_OPTIONS]]) },
});
