import type { PipelineDefinition } from '../../api/types.ts';
import type { DraftValidation } from '../hooks/use-draft-validation.ts';
import { fieldMessage, pipelineProblemText, problemPlace } from '../utils/problems.ts';

interface ProblemsListProps {
  validation: DraftValidation;
  definition: PipelineDefinition;
  /** Opens the step a problem is on. */
  onOpen: (nodeId: string) => void;
}

/** Everything the platform's check found in the draft, each on a step opening that step; or that it is ready to save. */
export function ProblemsList({ validation, definition, onOpen }: ProblemsListProps) {
  const { problems, checking, valid, error } = validation;
  return (
    <section aria-label="Problems" data-testid="problems-list" className="flex flex-col gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        Problems
        {checking && <span className="loading loading-spinner loading-xs" aria-label="Checking the draft" />}
      </h2>
      {error && <p className="text-sm text-error">The draft could not be checked: {error.message}</p>}
      {!error && valid && <p className="text-sm text-success">No problems: the pipeline can be saved.</p>}
      {problems.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {problems.map((problem) => (
            <li key={`${problem.at}:${problem.message}`} className="flex gap-2">
              <span aria-hidden="true" className="text-error">
                ✕
              </span>
              {problem.nodeId ? (
                <button type="button" className="link link-hover text-left" onClick={() => onOpen(problem.nodeId!)}>
                  <span className="font-mono text-xs font-semibold">{problemPlace(problem)}</span>{' '}
                  {problem.field ? fieldMessage(problem.message) : problem.message}
                </button>
              ) : (
                <span>{pipelineProblemText(problem, definition)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
