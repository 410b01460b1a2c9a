import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiProspectsIdProfileResponse } from '../../../lib/api-types.generated.ts';

/** One email of the sequence: what was sent (or waits to be) once written to the outbox, the copy as written before. */
export type ProfileEmail = NonNullable<GetApiProspectsIdProfileResponse['sequence']>['emails'][number];
/** Where an email of the sequence stands: planned, every outbox status, or stopped. */
export type ProfileEmailStatus = ProfileEmail['status'];

/** GET /api/prospects/:id/profile. */
export interface ProspectProfile {
  prospect: {
    id: number;
    firstName: string;
    lastName: string;
    jobTitle: string | null;
    company: string;
    email: string;
    website: string | null;
    source: string | null;
  };
  research: {
    website: string;
    confidence: number;
    facts: Array<{ id: string; kind: string; value: string; evidence: { url: string; snippet: string } }>;
  } | null;
  score: {
    totalScore: number;
    priority: string;
    qualified: boolean;
    dimensions: Array<{ key: string; label: string; score: number; points?: number; reason: string }>;
  } | null;
  sequence: {
    state: SequenceState | null;
    emails: ProfileEmail[];
  } | null;
  runs: Array<{ runId: string; status: string; startedAt: string | null; error: string | null }>;
}

/** A sequence's live state (its workflow's answer). */
export interface SequenceState {
  status: 'active' | 'paused' | 'stopped' | 'completed';
  sentSteps: number[];
  nextStep: number | null;
  nextSendAt: string | null;
  pausedUntil: string | null;
  stopReason: string | null;
  pausedByUser: boolean;
  /** What the due step waits for: a reviewer's approval, or its send (cap, window, domain limit). */
  waitingFor?: 'review' | 'send' | null;
  waitReason?: string | null;
  /** After an interested reply: where the email offering meeting slots is. */
  meetingProposal?: 'drafting' | 'pending_review' | 'sending' | 'sent' | 'rejected' | 'no free slot' | 'failed' | null;
}

/** What a user may do to a sequence. */
export type SequenceAction = 'pause' | 'resume' | 'stop' | 'send-now';

/** The detail panel's data. */
export const profileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['prospects', 'profile', id],
    queryFn: ({ signal }) => apiRequest<ProspectProfile>(`/api/prospects/${id}/profile`, { signal }),
  });

/** "Process": starts the prospect pipeline for the prospect; the profile and list are fetched again once it is started. */
export function useProcessProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prospectId: number) =>
      apiRequest<{ runId: string }>('/api/superagent/process-prospect', { method: 'POST', body: { prospectId, wait: false } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['prospects'] }),
  });
}

/** Pause, resume, stop the prospect's sequence, or send its next step now; the profile is fetched again. */
export function useControlSequence(prospectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SequenceAction) =>
      apiRequest<SequenceState>(`/api/prospects/${prospectId}/sequence`, { method: 'POST', body: { action } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['prospects', 'profile', prospectId] }),
  });
}
