// Shapes of /api/campaigns/{id}… (platform/src/features/prospecting/campaigns/api-schemas.ts is the contract; these mirror it).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest } from '../../../lib/api-client.ts';
import type { GetApiCampaignsIdResponse } from '../../../lib/api-types.generated.ts';

export type CampaignStatus = 'active' | 'paused' | 'draft' | 'completed';
export type ProspectOutcome = 'not-processed' | 'pending' | 'running' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';

/** One stage of a batch: its runs by where the step stands, and how its condition came out (the batch page's figures). */
export type StageProgress = NonNullable<GetApiCampaignsIdResponse['batch']>['stages'][number];

/** GET /api/campaigns/{id}. */
export interface CampaignDetail {
  id: number;
  name: string;
  status: CampaignStatus;
  prospectIds: number[];
  /** Public ids of the mailboxes its emails go out through, by rotation; empty = every active mailbox. */
  mailboxIds: string[];
  sliceNames: string[];
  pipelineVersion: number | null;
  createdAt: string;
  batch: {
    batchId: string;
    kind: 'start' | 'retry' | 'added';
    startedAt: string;
    running: boolean;
    total: number;
    stages: StageProgress[];
  } | null;
  results: {
    prospects: number;
    notProcessed: number;
    inProgress: number;
    qualified: number;
    enrolled: number;
    notQualified: number;
    failed: number;
    notRunByCampaign: number;
  };
  skipped: Array<{ reason: string; count: number }>;
  failures: Array<{ prospectId: number; name: string; runId: string; error: string }>;
}

/** GET /api/campaigns/{id}/prospects item. */
export interface CampaignProspectRow {
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  score: number | null;
  sample: boolean;
  outcome: ProspectOutcome;
  runId: string | null;
  error: string | null;
  sequence: { status: 'active' | 'paused' | 'stopped' | 'completed'; sentSteps: number; nextSendAt: string | null } | null;
}

/** Body of PATCH /api/campaigns/{id}. */
export interface CampaignPatch {
  name?: string;
  status?: 'active' | 'paused';
  addProspectIds?: number[];
  removeProspectIds?: number[];
  /** Replaces the mailboxes it sends through; [] = every active mailbox. */
  mailboxIds?: string[];
}
/** 200 of PATCH /api/campaigns/{id}. */
export interface CampaignPatchResult {
  campaign: CampaignDetail;
  sequences: { signalled: number; notEnrolled: number; ended: number };
  batchId: string | null;
}

/** A person from a reviewed discovery result, as POST /api/campaigns/launch takes it. */
export interface LaunchPerson {
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  industry: string | null;
  website: string | null;
  linkedinUrl: string | null;
  employeeCount: number | null;
  source: string;
  sample: boolean;
}
/** 201 of POST /api/campaigns/launch. */
export interface LaunchedCampaign {
  campaignId: number;
  added: number;
  alreadyProspects: number;
  batchId: string;
  total: number;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  detail: (id: number) => ['campaigns', id] as const,
  prospects: (id: number, offset: number) => ['campaigns', id, 'prospects', offset] as const,
};

/** How often a running batch's progress is read again. */
export const PROGRESS_POLL_MS = 1_500;

/** The campaign; polled while its batch runs, so the stage bars move on their own. */
export const campaignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<CampaignDetail>(`/api/campaigns/${id}`, { signal }),
    refetchInterval: (query) => (query.state.data?.batch?.running ? PROGRESS_POLL_MS : false),
  });

/** A page of the campaign's prospects with outcome and sequence. */
export const campaignProspectsQueryOptions = (id: number, offset: number, limit: number, running: boolean) =>
  queryOptions({
    queryKey: campaignKeys.prospects(id, offset),
    queryFn: ({ signal }) => apiPage<CampaignProspectRow>(`/api/campaigns/${id}/prospects?offset=${offset}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: running ? PROGRESS_POLL_MS * 2 : false,
  });

function useInvalidateCampaign(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: ['campaigns', id, 'prospects'] }),
      queryClient.invalidateQueries({ queryKey: ['outreach', 'campaigns'] }),
    ]);
}

/** Rename, pause/resume, add or remove prospects, choose its sending mailboxes. */
export function usePatchCampaign(id: number) {
  const invalidate = useInvalidateCampaign(id);
  return useMutation({
    mutationFn: (patch: CampaignPatch) => apiRequest<CampaignPatchResult>(`/api/campaigns/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: invalidate,
  });
}

/** Runs the campaign's new, failed or all prospects as one batch. */
export function useRunCampaign(id: number) {
  const invalidate = useInvalidateCampaign(id);
  return useMutation({
    mutationFn: (prospects: 'new' | 'failed' | 'all') =>
      apiRequest<{ batchId: string; total: number }>(`/api/campaigns/${id}/runs`, { method: 'POST', body: { prospects } }),
    onSuccess: invalidate,
  });
}

/** Launches a campaign from reviewed discovery results. */
export function useLaunchCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; sliceNames: string[]; people: LaunchPerson[] }) =>
      apiRequest<LaunchedCampaign>('/api/campaigns/launch', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['outreach', 'campaigns'] }),
        queryClient.invalidateQueries({ queryKey: ['prospects'] }),
      ]),
  });
}
