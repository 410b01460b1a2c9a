import { formatPercent } from '../../../utils/format.ts';
import type { WorkflowResponse } from '../api/workflow-api.ts';
import { AGENT_STEPS, stepSeconds, stepState, type RunStep, type StepState } from '../utils/steps.ts';

const ICON: Record<StepState, { symbol: string; className: string }> = {
  pending: { symbol: '○', className: 'text-base-content/60' },
  running: { symbol: '◌', className: 'text-info animate-spin' },
  completed: { symbol: '✓', className: 'text-success' },
  failed: { symbol: '✕', className: 'text-error' },
  skipped: { symbol: '–', className: 'text-base-content/70' },
};

/** Each step's confidence in the Workflow response, when it has one (0–1). */
function confidenceOf(nodeId: string, result: WorkflowResponse | null): number | undefined {
  const data = result?.data;
  return {
    research: data?.research?.confidence,
    score: data?.scoring?.confidence,
    copy: data?.content?.confidence,
    outreach: data?.outreach?.confidence,
  }[nodeId];
}

/** The pipeline's agents with their live status, measured time and (once answered) confidence. */
export function StepList({ steps, result }: { steps: Record<string, RunStep>; result: WorkflowResponse | null }) {
  return (
    <ol className="flex flex-col gap-2" aria-label="Pipeline steps">
      {AGENT_STEPS.map((agent) => {
        const state = stepState(steps[agent.nodeId]);
        const seconds = stepSeconds(steps[agent.nodeId]);
        const confidence = confidenceOf(agent.nodeId, result);
        return (
          <li
            key={agent.nodeId}
            className={`flex items-center gap-3 rounded-box border p-3 ${state === 'failed' ? 'border-error' : 'border-base-200'}`}
            data-testid={`step-${agent.nodeId}`}
            data-state={state}
          >
            <span className={`inline-block w-5 text-center text-lg ${ICON[state].className}`} aria-hidden="true">
              {ICON[state].symbol}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{agent.name}</p>
              <p className="text-sm text-base-content/70">{agent.description}</p>
              {state === 'failed' && steps[agent.nodeId]?.error && (
                <p className="text-xs text-error wrap-anywhere">{steps[agent.nodeId]?.error}</p>
              )}
            </div>
            <div className="flex flex-col items-end gap-1 text-xs">
              <span className="badge badge-sm" data-testid="step-state">
                {state}
              </span>
              {confidence !== undefined && <span>{formatPercent(confidence)} confidence</span>}
              {seconds && (
                <span className="tabular-nums" data-testid="step-seconds">
                  {seconds}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
