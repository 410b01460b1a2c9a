import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { useCurrentRole, VIEWER_CANNOT_CHANGE } from '../../auth/index.ts';
import {
  configQueryOptions,
  useResetConfig,
  useSaveConfig,
  type ConfigEntry,
  type LearningSettings,
  type ScoringWeights,
} from '../api/agent-config-api.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { changedKeys, toFractions, toPercents, type ConfigForm } from '../utils/weights.ts';
import { AdvancedSettings } from './advanced-settings.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LearningSwitches } from './learning-switches.tsx';
import { OfferSection } from './offer-section.tsx';
import { StatusOverview } from './status-overview.tsx';
import { WeightsSection } from './weights-section.tsx';

/** The form's values as the server holds them. */
function savedForm(entries: readonly ConfigEntry[]): ConfigForm {
  const value = <T,>(key: string) => entries.find((entry) => entry.configKey === key)?.configValue as T;
  return { weights: toPercents(value<ScoringWeights>('scoringWeights')), settings: value<LearningSettings>('learningSettings') };
}

/**
 * Agent Configuration (spec section 2): the workspace's offer (/api/offer), then status, weights and
 * switches saved through /api/config, the advanced settings read-only.
 */
export function AgentConfiguration() {
  const config = useQuery(configQueryOptions());
  const saved = config.data ? savedForm(config.data) : null;
  const [edited, setEdited] = useState<ConfigForm | null>(null);
  const [errors, setErrors] = useState<{ scoringWeights: string | null; learningSettings: string | null }>({
    scoringWeights: null,
    learningSettings: null,
  });
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useSaveConfig();
  const reset = useResetConfig();
  const toast = useToast();
  // A viewer sees the settings but cannot change them (the API refuses them too).
  const viewOnly = useCurrentRole() === 'viewer';
  const viewOnlyTip = viewOnly ? VIEWER_CANNOT_CHANGE : undefined;
  const form = edited ?? saved;
  const dirtyKeys = form && saved ? changedKeys(form, saved) : [];
  // The offer saves on its own; the page only needs to know whether leaving would lose any of it.
  const [offerDirty, setOfferDirty] = useState(false);
  const blocker = useLeaveGuard(dirtyKeys.length > 0 || offerDirty);

  const change = (next: ConfigForm) => {
    setEdited(next);
    setErrors({ scoringWeights: null, learningSettings: null });
  };
  const onSave = () => {
    if (!form) return;
    const changes = Object.fromEntries(dirtyKeys.map((key) => [key, key === 'scoringWeights' ? toFractions(form.weights) : form.settings]));
    save.mutate(changes, {
      onSuccess: () => {
        setEdited(null);
        toast({ title: 'Configuration Saved', description: 'The agents use the new settings from their next run.', tone: 'success' });
      },
      onError: (error) => {
        const key = (error as Error & { configKey?: keyof typeof errors }).configKey ?? 'scoringWeights';
        setErrors((current) => ({ ...current, [key]: error.message }));
        toast({ title: 'Save Failed', description: error.message, tone: 'error' });
      },
    });
  };
  const onReset = () => {
    setConfirmReset(false);
    reset.mutate(undefined, {
      onSuccess: () => {
        setEdited(null);
        setErrors({ scoringWeights: null, learningSettings: null });
        toast({
          title: 'Defaults Restored',
          description: 'Scoring weights and learning switches are back at their defaults.',
          tone: 'success',
        });
      },
      onError: (error) => toast({ title: 'Reset Failed', description: error.message, tone: 'error' }),
    });
  };

  const actions = (
    <>
      {viewOnly && (
        <span className="badge badge-outline" title={VIEWER_CANNOT_CHANGE}>
          View only
        </span>
      )}
      {dirtyKeys.length > 0 && (
        <span className="badge badge-warning" data-testid="unsaved">
          Unsaved changes
        </span>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => setConfirmReset(true)}
        disabled={viewOnly || !form || reset.isPending}
        title={viewOnlyTip}
      >
        Reset to Defaults
      </button>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={onSave}
        disabled={viewOnly || dirtyKeys.length === 0 || save.isPending}
        title={viewOnlyTip}
      >
        {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Save Changes
      </button>
    </>
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Agent Configuration" subtitle="Configure AI agents and learning parameters" actions={actions} />
      <OfferSection onDirtyChange={setOfferDirty} />
      <StatusOverview />
      {config.isError && <ErrorAlert message={config.error.message} />}
      {config.isPending && <span className="loading loading-spinner loading-lg" aria-label="Loading the configuration" />}
      {form && (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <WeightsSection weights={form.weights} error={errors.scoringWeights} onChange={(weights) => change({ ...form, weights })} />
          <LearningSwitches
            settings={form.settings}
            error={errors.learningSettings}
            onChange={(settings) => change({ ...form, settings })}
          />
        </div>
      )}
      <AdvancedSettings />
      <ConfirmDialog
        open={confirmReset}
        title="Reset to defaults?"
        confirmLabel="Reset"
        cancelLabel="Cancel"
        onConfirm={onReset}
        onCancel={() => setConfirmReset(false)}
      >
        The scoring weights go back to 35/28/22/15 and every learning switch back on, for this workspace.
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        Your changes to the agent configuration are not saved yet.
      </ConfirmDialog>
    </div>
  );
}
