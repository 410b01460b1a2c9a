import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';
import { workspaceIcpQueryOptions } from '../../icp/index.ts';
import {
  decisionPointsQueryOptions,
  experimentCampaignsQueryOptions,
  useStartExperiment,
  type DecisionPoint,
} from '../api/experiments-api.ts';
import { populationOf, populationOption } from '../utils/population.ts';

/** How the reward is counted (the API's default; README "Learning"). */
export const REWARD_TEXT = 'a positive reply or a booked meeting counts 0.75, an attended meeting 1; any other reply 0';

/**
 * "New experiment": a name, who takes part (the workspace, one of its campaigns or one slice of its
 * ICP: a prospect is decided by its campaign's experiment first, then its slice's), what it
 * decides (a decision point an installed plugin declares) and the arms (at least two of the values
 * that decision point offers). The reward is the API's default, said in words. The API's refusal
 * (a name taken, a population already testing that decision) shows in the form, as it said it.
 */
export function NewExperimentDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog);
  const toast = useToast();
  const points = useQuery(decisionPointsQueryOptions());
  const campaigns = useQuery(experimentCampaignsQueryOptions());
  const slices = useQuery(workspaceIcpQueryOptions()).data?.icpSlices ?? [];
  const start = useStartExperiment();
  const [name, setName] = useState('');
  const [population, setPopulation] = useState('workspace');
  const [pointId, setPointId] = useState('');
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const point: DecisionPoint | undefined = points.data?.find((candidate) => candidate.id === pointId) ?? points.data?.[0];
  const arms = point ? point.arms.filter((arm) => chosen[`${point.id}:${arm.value}`] ?? true) : [];
  const fields = start.error instanceof ApiError ? start.error.fields : {};
  const local = {
    name: name.trim() === '' ? 'Give it a name' : undefined,
    arms: arms.length < 2 ? 'Choose at least two arms' : undefined,
  };
  const [tried, setTried] = useState(false);

  const submit = () => {
    setTried(true);
    if (!point || local.name || local.arms) return;
    start.mutate(
      {
        name: name.trim(),
        decisionPoint: point.id,
        arms: arms.map((arm) => ({ value: arm.value, label: arm.label })),
        population: populationOf(population),
      },
      {
        onSuccess: (experiment) => {
          toast({ title: 'Experiment started', description: `${experiment.name}: ${arms.length} arms.`, tone: 'success' });
          onClose();
        },
      },
    );
  };
  const nameError = (tried ? local.name : undefined) ?? fields.name;
  const armsError = (tried ? local.arms : undefined) ?? Object.entries(fields).find(([at]) => at.startsWith('arms'))?.[1];
  const populationError = Object.entries(fields).find(([at]) => at.startsWith('population'))?.[1];
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="experiment-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        noValidate
        className="modal-box flex flex-col gap-4"
        data-testid="new-experiment"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id="experiment-title" className="text-lg font-bold">
          New experiment
        </h3>
        <label className="flex flex-col gap-1 text-sm">
          Name
          <input
            className={`input input-bordered w-full ${nameError ? 'input-error' : ''}`}
            value={name}
            maxLength={200}
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? 'experiment-name-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {nameError && (
            <span id="experiment-name-error" className="text-xs text-error">
              {nameError}
            </span>
          )}
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="experiment-population">Who takes part</label>
          <select
            id="experiment-population"
            className={`select select-bordered select-sm w-full ${populationError ? 'select-error' : ''}`}
            value={population}
            aria-invalid={Boolean(populationError)}
            aria-describedby={populationError ? 'experiment-population-error' : 'experiment-population-help'}
            onChange={(event) => setPopulation(event.target.value)}
          >
            <option value="workspace">Every prospect of the workspace</option>
            {Boolean(campaigns.data?.length) && (
              <optgroup label="One campaign">
                {campaigns.data?.map((campaign) => (
                  <option key={campaign.id} value={populationOption({ kind: 'campaign', campaignId: campaign.id })}>
                    {campaign.name}
                  </option>
                ))}
              </optgroup>
            )}
            {slices.length > 0 && (
              <optgroup label="One ICP slice">
                {slices.map((slice) => (
                  <option key={slice.name} value={populationOption({ kind: 'slice', slice: slice.name })}>
                    {slice.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          {populationError ? (
            <span id="experiment-population-error" className="text-xs text-error">
              {populationError}
            </span>
          ) : (
            <span id="experiment-population-help" className="text-xs text-base-content/60">
              A prospect takes part in its campaign&apos;s experiment first, then its ICP slice&apos;s (the slice it is scored against),
              then the workspace&apos;s.
            </span>
          )}
        </div>
        {points.isError && (
          <p role="alert" className="text-sm text-error">
            {points.error.message}
          </p>
        )}
        {points.data?.length === 0 && (
          <p className="text-sm text-base-content/70">No installed plugin declares a decision an experiment could try.</p>
        )}
        {point && (
          <>
            <label className="flex flex-col gap-1 text-sm">
              What it decides
              <select
                className="select select-bordered select-sm w-full"
                value={point.id}
                onChange={(event) => setPointId(event.target.value)}
              >
                {points.data?.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.label}
                  </option>
                ))}
              </select>
              <span className="text-xs text-base-content/60">{point.description}</span>
            </label>
            <fieldset className="flex flex-col gap-1 text-sm" aria-describedby={armsError ? 'experiment-arms-error' : undefined}>
              <legend className="mb-1">Arms (the first is the control)</legend>
              {point.arms.map((arm) => {
                const key = `${point.id}:${arm.value}`;
                return (
                  <label key={key} className="label cursor-pointer justify-start gap-2 text-sm text-base-content">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={chosen[key] ?? true}
                      onChange={(event) => setChosen({ ...chosen, [key]: event.target.checked })}
                    />
                    {arm.label}
                  </label>
                );
              })}
              {armsError && (
                <span id="experiment-arms-error" className="text-xs text-error">
                  {armsError}
                </span>
              )}
            </fieldset>
          </>
        )}
        <p className="text-xs text-base-content/60">
          Reward: {REWARD_TEXT}. Each prospect gets an arm by Thompson sampling when its sequence is written; it counts once its first email
          is sent. A winner is declared at P(best) ≥ 95% with 500 sends per arm.
        </p>
        {start.isError && !fields.name && (
          <p role="alert" className="text-sm text-error" data-testid="experiment-error">
            {start.error instanceof ApiError ? start.error.text : start.error.message}
          </p>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={start.isPending || !point}>
            Start experiment
          </button>
        </div>
      </form>
    </dialog>
  );
}
