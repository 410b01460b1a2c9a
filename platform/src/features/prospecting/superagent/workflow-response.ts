import type { PipelineRun } from '../../runs/services.ts';

/** The parts of the prospect pipeline's step outputs the Workflow response reads. */
export interface StepOutputs {
  research?: {
    website: string;
    companyInfo: string;
    industry: string | null;
    painPoints: string[];
    techStack: string[];
    dataPoints: number;
    confidence: number;
  };
  score?: {
    totalScore: number;
    priority: string;
    reasoning: string;
    confidence: number;
    qualified: boolean;
    threshold: number;
    dimensions: Array<{ key: string; label: string; score: number; reason: string }>;
  };
  copy?: {
    sequence: Array<{ step: number; dayOffset: number; template: string; subject: string; body: string }>;
    overallStrategy: string;
    expectedResponseRate: number;
    confidence: number;
  };
  outreach?: { sequenceId: string; enrolled: boolean; alreadyEnrolled: boolean; steps: number };
}

/** The product spec's Workflow response (section 3), plus the run id to open it in the pipeline view. */
export interface WorkflowResponse {
  success: boolean;
  error: string | null;
  runId: string;
  data: {
    research?: { enrichedData: { companyInfo: string; painPoints: string[]; techStack: string[] }; confidence: number };
    scoring?: { totalScore: number; priority: string; reasoning: string; confidence: number };
    content?: {
      sequence: NonNullable<StepOutputs['copy']>['sequence'];
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

/** Advice computed from what the run found: what to do next, and why the numbers are what they are. */
function recommendationsFor(outputs: StepOutputs): string[] {
  const { research, score, copy, outreach } = outputs;
  const advice: string[] = [];
  if (research && research.dataPoints < 12) {
    advice.push(
      `Research found ${research.dataPoints} data points on ${research.website} (12+ make strong personalisation): add the company's real website to the prospect if this one is not it.`,
    );
  }
  if (score) {
    const weakest = score.dimensions.toSorted((a, b) => a.score - b.score)[0];
    if (!score.qualified)
      advice.push(`Score ${score.totalScore} is below the qualification threshold (${score.threshold}): the prospect was not contacted.`);
    if (weakest) advice.push(`Weakest dimension: ${weakest.label} (${weakest.score}/100): ${weakest.reason}`);
  }
  if (copy && copy.confidence < 0.5) advice.push('Few researched facts could be cited: most lines of the emails are generic.');
  if (outreach?.alreadyEnrolled) advice.push('The prospect was already in a sequence: nothing was sent twice.');
  if (outreach?.enrolled && !outreach.alreadyEnrolled && copy)
    advice.push(
      `Sequence enrolled: ${copy.sequence.length} emails on days ${copy.sequence.map((email) => email.dayOffset).join(', ')}; a reply stops it.`,
    );
  return advice;
}

/** Shapes a finished prospect-pipeline run as the Workflow response. */
export function workflowResponse(run: PipelineRun, outputs: StepOutputs): WorkflowResponse {
  const { research, score, copy, outreach } = outputs;
  return {
    success: run.status === 'completed',
    error: run.status === 'completed' ? null : (run.error ?? `the run ended ${run.status}`),
    runId: run.runId,
    data: {
      ...(research
        ? {
            research: {
              enrichedData: { companyInfo: research.companyInfo, painPoints: research.painPoints, techStack: research.techStack },
              confidence: research.confidence,
            },
          }
        : {}),
      ...(score
        ? { scoring: { totalScore: score.totalScore, priority: score.priority, reasoning: score.reasoning, confidence: score.confidence } }
        : {}),
      ...(copy
        ? {
            content: {
              sequence: copy.sequence,
              overallStrategy: copy.overallStrategy,
              expectedResponseRate: copy.expectedResponseRate,
              confidence: copy.confidence,
            },
          }
        : {}),
      ...(outreach && copy
        ? {
            outreach: {
              campaignId: outreach.sequenceId,
              channels: ['email'],
              deliveryStatus: outreach.alreadyEnrolled
                ? 'already-enrolled'
                : `scheduled: first email on day ${copy.sequence[0]?.dayOffset ?? 0}`,
              confidence: copy.confidence, // how personal the queued emails are: the share of personal lines backed by facts
            },
          }
        : {}),
      metrics: {
        researchConfidence: research?.confidence ?? 0,
        scoringConfidence: score?.confidence ?? 0,
        finalScore: score?.totalScore ?? 0,
        contentGenerated: Boolean(copy),
        outreachTriggered: Boolean(outreach?.enrolled),
      },
      recommendations: recommendationsFor(outputs),
    },
  };
}
