// The agents the platform calls by contract, by name: each plugin's id and its activities'
// namespaced names (`<plugin>.<activity>`), written once here. The plugins declare their manifests
// with these ids, and the platform names an agent or one of its activities only through them, so
// a renamed activity is a type error, not a runtime "not installed" (a test checks each name
// against the installed manifests, and platform/dev/lint/plugin-names.test.ts refuses a plugin
// named by a string in product code).

/** A plugin's id and its activities' namespaced names. */
export type AgentNames<P extends string, A extends string> = { readonly plugin: P } & { readonly [K in A]: `${P}.${K}` };

function agent<P extends string, const A extends readonly string[]>(plugin: P, activities: A): AgentNames<P, A[number]> {
  return Object.freeze({ plugin, ...Object.fromEntries(activities.map((name) => [name, `${plugin}.${name}`])) }) as AgentNames<
    P,
    A[number]
  >;
}

export const RESEARCH = agent('research', ['enrichCompany']);
export const LEAD_SCORING = agent('lead-scoring', ['scoreProspect', 'matchPeople']);
export const OUTREACH = agent('outreach', ['writeSequence', 'templates']);
export const ENGAGEMENT_ANALYSIS = agent('engagement-analysis', ['classifyReply']);
export const MEETING_BOOKING = agent('meeting-booking', [
  'proposeSlots',
  'bookMeeting',
  'markOutcome',
  'listMeetings',
  'invitation',
  'moveMeeting',
]);
export const LEARNING_ENGINE = agent('learning-engine', ['runLearningCycle', 'listCycles']);
export const PPM_PRICING = agent('ppm-pricing', [
  'estimatePrice',
  'upsertSlice',
  'listSlices',
  'internalSliceEconomics',
  'upsertBid',
  'listBids',
  'chargeMeeting',
  'ledgerSummary',
  'ledgerEntries',
  'recomputeSlice',
]);

/** Every agent named here: the seven the product is built from. */
export const AGENTS = [RESEARCH, LEAD_SCORING, OUTREACH, ENGAGEMENT_ANALYSIS, MEETING_BOOKING, LEARNING_ENGINE, PPM_PRICING] as const;
