import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { prospectOptionsQueryOptions, startWorkflow, workflowResult, type WorkflowResponse } from '../api/workflow-api.ts';
import { useRunSteps } from '../hooks/use-run-steps.ts';
import { AGENT_STEPS, progressOf } from '../utils/steps.ts';
import { StepList } from './step-list.tsx';
import { WorkflowResults } from './workflow-results.tsx';

const FAILED = {
  title: 'Workflow Failed',
  description: 'Unable to complete prospect workflow. Check agent configuration.',
  tone: 'error',
} as const;

/** Workflow Test (spec section 2): runs the real prospect pipeline on a prospect and follows its steps live. */
export function WorkflowTest() {
  const prospects = useQuery(prospectOptionsQueryOptions());
  const [prospectId, setProspectId] = useState(1);
  const [runId, setRunId] = useState<string | null>(null);
  const [result, setResult] = useState<WorkflowResponse | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const run = useRunSteps(runId);
  const toast = useToast();
  const steps = run?.steps ?? {};
  const nodeIds = Object.keys(steps).length > 0 ? Object.keys(steps) : AGENT_STEPS.map((step) => step.nodeId);
  const ended = run?.status === 'completed' || run?.status === 'failed';

  useEffect(() => {
    if (!runId || !ended || result) return;
    let cancelled = false;
    void workflowResult(runId).then(
      (answer) => {
        if (cancelled || !answer) return;
        setResult(answer);
        if (answer.success)
          toast({
            title: 'Workflow Complete',
            description: `Processed prospect with ${answer.data.metrics.finalScore}% qualification score`,
            tone: 'success',
          });
        else toast(FAILED);
      },
      (error: Error) => setStartError(error.message),
    );
    return () => {
      cancelled = true;
    };
  }, [runId, ended, result, toast]);

  const execute = async () => {
    setRunId(null);
    setResult(null);
    setStartError(null);
    setStarting(true);
    toast({ title: 'Workflow Started', description: 'Running complete prospect processing workflow...', tone: 'info' });
    try {
      setRunId((await startWorkflow(prospectId)).runId);
    } catch (error) {
      setStartError((error as Error).message);
      toast(FAILED);
    } finally {
      setStarting(false);
    }
  };
  const running = starting || (runId !== null && !result && !startError);
  const options = prospects.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Workflow Test"
        subtitle={`Run the ${nodeIds.length}-step prospect pipeline end to end on one prospect and watch each agent work`}
      />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-5">
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              Test prospect
              <select
                className="select select-bordered w-full"
                value={prospectId}
                onChange={(event) => setProspectId(Number(event.target.value))}
                disabled={running}
              >
                {!options.some((option) => option.id === 1) && <option value={1}>Prospect 1</option>}
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    #{option.id} {option.firstName} {option.lastName}, {option.company}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn-primary" onClick={() => void execute()} disabled={running}>
              {running && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Execute Complete Workflow
            </button>
          </div>
          <div>
            <div className="flex justify-between text-sm">
              <span>Progress</span>
              <span data-testid="progress-value">{progressOf(steps, nodeIds)}%</span>
            </div>
            <progress
              className="progress progress-primary w-full"
              value={progressOf(steps, nodeIds)}
              max={100}
              aria-label="Steps finished"
            />
          </div>
          {startError && <ErrorAlert message={startError} />}
          {runId && (
            <p className="text-sm">
              <Link className="link link-primary" to={`/pipelines/runs/${encodeURIComponent(runId)}`}>
                Open this run in the pipeline view
              </Link>
              {run?.error && <span className="text-error"> · {run.error}</span>}
            </p>
          )}
          <StepList steps={steps} result={result} />
        </div>
      </div>
      {result && <WorkflowResults result={result} />}
    </div>
  );
}
