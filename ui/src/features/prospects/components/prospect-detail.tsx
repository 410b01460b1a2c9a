import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatDateTime, formatPercent } from '../../../utils/format.ts';
import { evidenceText } from '../../../utils/text.ts';
import {
  profileQueryOptions,
  useControlSequence,
  useProcessProspect,
  type SequenceAction,
  type SequenceState,
} from '../api/profile-api.ts';
import { EMAIL_STATUS } from '../utils/email-status.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

const PROPOSAL_TEXT: Record<NonNullable<SequenceState['meetingProposal']>, string> = {
  drafting: 'meeting slots are being offered',
  pending_review: 'the email offering meeting slots waits for approval in the Review Queue',
  sending: 'the email offering meeting slots is being sent',
  sent: 'meeting slots were offered in the thread',
  rejected: 'the email offering meeting slots was rejected in review',
  'no free slot': 'no free meeting slot could be offered',
  failed: 'the email offering meeting slots could not be sent',
};

/** After an interested reply, what became of the meeting slots offered. */
const proposalLine = (state: SequenceState) => (state.meetingProposal ? ` Then ${PROPOSAL_TEXT[state.meetingProposal]}.` : '');

/** What the sequence is doing, in a sentence. */
function sequenceLine(state: SequenceState): string {
  if (state.status === 'stopped') return `Stopped${state.stopReason ? `: ${state.stopReason}` : ''}.${proposalLine(state)}`;
  if (state.status === 'completed') return `Completed: ${state.sentSteps.length} emails sent.`;
  if (state.pausedByUser) return `Paused by you after ${state.sentSteps.length} sent: nothing goes out until you resume.`;
  if (state.pausedUntil) return `Paused until ${formatDateTime(state.pausedUntil)} (out of office).`;
  if (state.waitingFor === 'review')
    return `${state.sentSteps.length} sent; step ${state.nextStep} waits for approval in the Review Queue.`;
  if (state.waitingFor === 'send')
    return `${state.sentSteps.length} sent; step ${state.nextStep} waits to send: ${state.waitReason ?? ''}.`;
  return `${state.sentSteps.length} sent${state.nextSendAt ? `; step ${state.nextStep} goes out ${formatDateTime(state.nextSendAt)}` : ''}.`;
}

/** A prospect's detail panel: facts with their evidence, the score by dimension, the sequence, the runs, and Process. */
export function ProspectDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const profile = useQuery({ ...profileQueryOptions(id), refetchInterval: 5_000 });
  const process = useProcessProspect();
  const control = useControlSequence(id);
  const [stopping, setStopping] = useState(false);
  const toast = useToast();
  const act = (action: SequenceAction) =>
    control.mutate(action, {
      onSuccess: () =>
        toast({
          title: { pause: 'Sequence Paused', resume: 'Sequence Resumed', stop: 'Sequence Stopped', 'send-now': 'Next Step Queued' }[action],
          tone: 'success',
        }),
      onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
      onSettled: () => setStopping(false),
    });
  useModalDialog(dialog);
  const data = profile.data;
  const state = data?.sequence?.state ?? null;
  const run = () =>
    process.mutate(id, {
      onSuccess: () => toast({ title: 'Workflow Started', description: 'Running complete prospect processing workflow...', tone: 'info' }),
      onError: (error) => toast({ title: 'Workflow Failed', description: error.message, tone: 'error' }),
    });
  return (
    <dialog
      ref={dialog}
      className="modal modal-end"
      aria-labelledby="detail-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box flex h-full max-h-none w-full max-w-2xl flex-col gap-5 rounded-none">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h3 id="detail-title" className="text-lg font-bold">
              {data ? `${data.prospect.firstName} ${data.prospect.lastName}` : `Prospect ${id}`}
            </h3>
            {data && (
              <p className="text-sm text-base-content/70">
                {data.prospect.jobTitle ? `${data.prospect.jobTitle} at ` : ''}
                {data.prospect.company} · {data.prospect.email}
              </p>
            )}
          </div>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={run} disabled={process.isPending}>
            Process
          </button>
          <Link to="/meetings" className="btn btn-outline btn-sm">
            Book meeting
          </Link>
          {process.data && (
            <Link className="btn btn-ghost btn-sm" to={`/pipelines/runs/${encodeURIComponent(process.data.runId)}`}>
              Watch the run
            </Link>
          )}
          {state && (state.status === 'active' || state.status === 'paused') && (
            <>
              {state.pausedByUser ? (
                <button type="button" className="btn btn-outline btn-sm" disabled={control.isPending} onClick={() => act('resume')}>
                  Resume sequence
                </button>
              ) : (
                <button type="button" className="btn btn-outline btn-sm" disabled={control.isPending} onClick={() => act('pause')}>
                  Pause sequence
                </button>
              )}
              {!state.pausedByUser && !state.waitingFor && state.nextStep !== null && (
                <button type="button" className="btn btn-outline btn-sm" disabled={control.isPending} onClick={() => act('send-now')}>
                  Send step {state.nextStep} now
                </button>
              )}
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                disabled={control.isPending}
                onClick={() => setStopping(true)}
              >
                Stop sequence
              </button>
            </>
          )}
        </div>
        <ConfirmDialog
          open={stopping}
          title="Stop this sequence?"
          confirmLabel="Stop sequence"
          cancelLabel="Keep it"
          onConfirm={() => act('stop')}
          onCancel={() => setStopping(false)}
        >
          <p>No further email of this sequence goes out, and it cannot be restarted for this prospect. Pause instead to hold it.</p>
        </ConfirmDialog>
        {profile.isError && <ErrorAlert message={profile.error.message} />}
        {profile.isPending && <span className="loading loading-spinner loading-md" aria-label="Loading the prospect" />}
        {data && (
          <>
            <section aria-label="Researched facts">
              <h4 className="mb-2 font-semibold">
                Researched facts{' '}
                {data.research && (
                  <span className="text-sm font-normal text-base-content/60">({formatPercent(data.research.confidence)} confidence)</span>
                )}
              </h4>
              {!data.research ? (
                <p className="text-sm text-base-content/70">Not researched yet: Process reads the company's website.</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {data.research.facts.map((fact) => (
                    <li key={fact.id} className="rounded-box bg-base-200 p-3 text-sm" data-testid="fact">
                      <p className="font-medium">
                        {fact.value} <span className="badge badge-ghost badge-xs">{fact.kind}</span>
                      </p>
                      <blockquote className="mt-1 border-l-2 border-base-300 pl-2 text-base-content/70">
                        {evidenceText(fact.evidence.snippet)}
                      </blockquote>
                      <ExternalLink url={fact.evidence.url} className="text-xs wrap-anywhere" />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-label="Score">
              <h4 className="mb-2 font-semibold">
                Score{' '}
                {data.score && (
                  <span className="badge badge-neutral">
                    {data.score.totalScore}/100 · {data.score.priority}
                  </span>
                )}
              </h4>
              {!data.score ? (
                <p className="text-sm text-base-content/70">Not scored yet.</p>
              ) : (
                <table className="table table-sm">
                  <tbody>
                    {data.score.dimensions.map((dimension) => (
                      <tr key={dimension.key} data-testid="dimension">
                        <th className="w-32">{dimension.label}</th>
                        <td className="w-16 tabular-nums">{dimension.score}/100</td>
                        <td>{dimension.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section aria-label="Sequence">
              <h4 className="mb-2 font-semibold">
                Sequence{' '}
                {state && (
                  <span className="badge badge-info" data-testid="sequence-status">
                    {state.pausedByUser ? 'paused by you' : state.status}
                  </span>
                )}
              </h4>
              {state && (
                <p className="mb-2 text-sm text-base-content/70" data-testid="sequence-line">
                  {sequenceLine(state)}
                </p>
              )}
              {!data.sequence ? (
                <p className="text-sm text-base-content/70">No sequence: only prospects scoring 70+ get one.</p>
              ) : (
                <ol className="flex flex-col gap-2">
                  {data.sequence.emails.map((email) => (
                    <li key={email.step} className="rounded-box border border-base-200 p-3 text-sm" data-testid="sequence-email">
                      <p className="flex justify-between gap-2">
                        <span className="font-medium">
                          Step {email.step}, day {email.dayOffset}: {email.subject}
                        </span>
                        <span className="flex shrink-0 items-start gap-1">
                          {email.edited && (
                            <span className="badge badge-sm badge-outline" title="A reviewer changed it before approving">
                              Edited
                            </span>
                          )}
                          <span className={`badge badge-sm ${EMAIL_STATUS[email.status].className}`} data-testid="email-status">
                            {EMAIL_STATUS[email.status].label}
                          </span>
                        </span>
                      </p>
                      <details>
                        <summary className="cursor-pointer text-xs text-base-content/60">Email</summary>
                        <p className="mt-1 whitespace-pre-line">{email.body}</p>
                      </details>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section aria-label="Runs">
              <h4 className="mb-2 font-semibold">Runs</h4>
              {data.runs.length === 0 ? (
                <p className="text-sm text-base-content/70">No runs yet.</p>
              ) : (
                <ul className="flex flex-col gap-1 text-sm">
                  {data.runs.map((entry) => (
                    <li key={entry.runId}>
                      <Link className="link" to={`/pipelines/runs/${encodeURIComponent(entry.runId)}`}>
                        {entry.startedAt ? formatDateTime(entry.startedAt) : entry.runId}
                      </Link>{' '}
                      · {entry.status}
                      {entry.error ? ` · ${entry.error}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </dialog>
  );
}
