import { Link } from 'react-router-dom';
import type { PipelineDefinition, PipelineView } from '../../api/types.ts';
import { pipelineProblemText, type PlacedProblem } from '../utils/problems.ts';

interface PipelineFieldsProps {
  definition: PipelineDefinition;
  /** True for a new pipeline: its id can be chosen (else it is fixed: saving adds a version). */
  isNew: boolean;
  /** Problems of the whole pipeline (`name`, `id`). */
  problems: readonly PlacedProblem[];
  /** The pipeline that already has the chosen id, if one does. */
  taken: PipelineView | null;
  onName: (name: string) => void;
  onId: (id: string) => void;
}

/** The pipeline's name and id (the id only for a new pipeline), each with its problem under it. */
export function PipelineFields({ definition, isNew, problems, taken, onName, onId }: PipelineFieldsProps) {
  const at = (path: string) => {
    const problem = problems.find((candidate) => candidate.at === path);
    return problem && pipelineProblemText(problem, definition);
  };
  const nameProblem = at('name');
  const idProblem = at('id');
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-start gap-3">
      <div className="flex w-full max-w-md min-w-64 flex-1 flex-col gap-1">
        <label htmlFor="pipeline-name" className="text-xs text-base-content/70">
          Name
        </label>
        <input
          id="pipeline-name"
          type="text"
          className={`input input-sm w-full font-semibold ${nameProblem ? 'input-error' : ''}`}
          placeholder="e.g. Score and write"
          value={definition.name}
          aria-describedby="pipeline-name-note"
          onChange={(event) => onName(event.target.value)}
        />
        <span id="pipeline-name-note" className="min-h-4 text-xs text-error">
          {nameProblem}
        </span>
      </div>
      <div className="flex w-64 flex-col gap-1">
        <label htmlFor="pipeline-id" className="text-xs text-base-content/70">
          Id
        </label>
        {isNew ? (
          <input
            id="pipeline-id"
            type="text"
            className={`input input-sm w-full font-mono ${idProblem || taken ? 'input-error' : ''}`}
            placeholder="score-and-write"
            value={definition.id}
            aria-describedby="pipeline-id-note"
            onChange={(event) => onId(event.target.value)}
          />
        ) : (
          <p id="pipeline-id" className="truncate py-1 font-mono text-sm" title="Saving adds a version to this pipeline">
            {definition.id}
          </p>
        )}
        <span id="pipeline-id-note" className="min-h-4 text-xs text-error" data-testid="pipeline-id-note">
          {taken ? (
            <>
              Taken by{' '}
              <Link className="link" to={`/pipelines/${encodeURIComponent(taken.pipelineId)}`}>
                {taken.name}
              </Link>
              : choose another id.
            </>
          ) : (
            idProblem
          )}
        </span>
      </div>
    </div>
  );
}
