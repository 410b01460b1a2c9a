import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The product spec's Workflow response (section 3), with the run it came from. */
export interface WorkflowResponse {
  success: boolean;
  error: string | null;
  runId: string;
  data: {
    research?: { enrichedData: { companyInfo: string; painPoints: string[]; techStack: string[] }; confidence: number };
    scoring?: { totalScore: number; priority: string; reasoning: string; confidence: number };
    content?: {
      sequence: Array<{ step: number; subject: string }>;
      overallStrategy: string;
      expectedResponseRate: number;
      confidence: number;
    };
    outreach?: { campaignId: string; channels: string[]; deliveryStatus: string; confidence: number };
    metrics: {
      researchConfidence: number;
      scoringConfidence: number;
      finalScore: number;
      contentGenerated: boolean;
      outreachTriggered: boolean;
    };
    recommendations: string[];
  };
}

/** A prospect to run the workflow on. */
export interface ProspectOption {
  id: number;
  firstName: string;
  lastName: string;
  company: string;
}

/** Prospects to pick from (the first 200). */
export const prospectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['workflow-test', 'prospects'],
    queryFn: ({ signal }) => apiRequest<ProspectOption[]>('/api/prospects?limit=200', { signal }),
  });

/** Starts the prospect pipeline for a prospect without waiting: its run id, to follow. */
export function startWorkflow(prospectId: number): Promise<{ runId: string }> {
  return apiRequest<{ runId: string }>('/api/superagent/process-prospect', { method: 'POST', body: { prospectId, wait: false } });
}

/** The Workflow response of an ended run (the API answers 202 while it still runs: then null). */
export async function workflowResult(runId: string): Promise<WorkflowResponse | null> {
  const answer = await apiRequest<WorkflowResponse | { status: 'running' }>(
    `/api/superagent/process-prospect/${encodeURIComponent(runId)}`,
  );
  return 'status' in answer ? null : answer;
}
