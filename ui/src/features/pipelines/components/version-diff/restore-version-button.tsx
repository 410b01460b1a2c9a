import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { ApiError, refusalText } from '../../../../lib/api-client.ts';
import { useToast } from '../../../../lib/toast.ts';
import { restoredNote, useRestoreVersion } from '../../api/restore-version.ts';

interface RestoreVersionButtonProps {
  pipelineId: string;
  /** The older version to bring back. */
  version: number;
  /** The latest version, which the restored one follows. */
  latest: number;
  /** The button's words; "Restore this version" unless the place needs the number said. */
  label?: string;
}

/** Why a restore was refused: each problem the API named (a 400 names the node and field), else its reason. */
function RestoreRefusal({ error, version, latest, onDismiss }: { error: Error; version: number; latest: number; onDismiss: () => void }) {
  const problems = error instanceof ApiError ? Object.values(error.fields) : [];
  return (
    <div
      role="alert"
      className="alert alert-error alert-soft flex w-full basis-full flex-col items-start gap-1 text-sm"
      data-testid="restore-error"
    >
      <p className="font-semibold">
        v{version} was not restored. Nothing was saved; v{latest} is still the latest.
      </p>
      {problems.length > 0 ? (
        <>
          <p>It no longer passes the checks every saved version must pass:</p>
          <ul className="list-disc pl-5 wrap-anywhere">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="wrap-anywhere">{refusalText(error)}</p>
      )}
      <button type="button" className="btn btn-ghost btn-xs -ml-2" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * "Restore this version": after a confirm, saves an older version's definition as the next
 * version, noted "Restored from vN", and shows it; a refusal is shown in place and changes nothing.
 */
export function RestoreVersionButton({ pipelineId, version, latest, label = 'Restore this version' }: RestoreVersionButtonProps) {
  const restore = useRestoreVersion();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  const start = () => {
    setConfirming(false);
    restore.mutate(
      { pipelineId, version },
      {
        onSuccess: (saved) => {
          toast({ title: 'Version restored', description: `v${version} is saved again as v${saved.version}.`, tone: 'success' });
          // The pipeline's page without a version or a comparison: the latest, which is the restored one.
          navigate(`/pipelines/${encodeURIComponent(pipelineId)}`);
        },
      },
    );
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-xs" onClick={() => setConfirming(true)} disabled={restore.isPending}>
        {restore.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {label}
      </button>
      {/* Mounted only while asked: a page lists several of these, and the dialog's title id must be unique. */}
      {confirming && (
        <ConfirmDialog
          open
          title={`Restore v${version}?`}
          confirmLabel={`Restore v${version}`}
          cancelLabel="Cancel"
          onConfirm={start}
          onCancel={() => setConfirming(false)}
        >
          Its steps and settings are saved as a new version, v{latest + 1}, noted “{restoredNote(version)}”. v{latest} and every earlier
          version stay as they are, and runs keep the version they started with.
        </ConfirmDialog>
      )}
      {restore.isError && <RestoreRefusal error={restore.error} version={version} latest={latest} onDismiss={restore.reset} />}
    </>
  );
}
