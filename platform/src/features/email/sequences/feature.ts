// Each prospect's durable sequence: enrolment, due steps written to the outbox, stop on reply.
import { defineFeature } from '../../context.ts';

export const sequencesFeature = defineFeature({
  name: 'sequences',
  domain: 'email',
});
