import { useRef, useState } from 'react';
import { useToast } from '../../../lib/toast.ts';
import { useImportProspects } from '../api/prospects-api.ts';
import { formatCount, formatNumber } from '../../../utils/format.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

const PREVIEW_LINES = 6;

/** "Import CSV": a file, a look at its first lines, then the import with each bad row reported (good rows are added, bad ones are not). */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const importer = useImportProspects();
  const toast = useToast();
  useModalDialog(dialog);

  const choose = async (file: File | undefined) => {
    importer.reset();
    setCsv(file ? { name: file.name, text: await file.text() } : null);
  };
  const submit = () =>
    csv &&
    importer.mutate(csv.text, {
      onSuccess: (result) =>
        toast({
          title: 'Import Finished',
          description: `${formatNumber(result.imported)} imported, ${formatCount(result.failed, 'row')} refused`,
          tone: result.failed ? 'info' : 'success',
        }),
    });
  const preview =
    csv?.text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .slice(0, PREVIEW_LINES) ?? [];
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="import-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box flex max-w-2xl flex-col gap-4">
        <h3 id="import-title" className="text-lg font-bold">
          Import CSV
        </h3>
        <p className="text-sm text-base-content/70">
          A header row, then one prospect a line: firstName, lastName, email, company, and optionally jobTitle, industry, website,
          employeeCount.
        </p>
        <input
          type="file"
          accept=".csv,text/csv"
          className="file-input file-input-bordered w-full"
          aria-label="CSV file"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {preview.length > 0 && (
          <div>
            <p className="mb-1 text-sm font-medium">First lines of {csv?.name}</p>
            <pre className="max-h-40 overflow-auto rounded-box bg-base-200 p-3 text-xs" data-testid="csv-preview">
              {preview.join('\n')}
            </pre>
          </div>
        )}
        {importer.data && (
          <div className="flex flex-col gap-2" data-testid="import-result">
            <p className="text-sm">
              <strong>{formatNumber(importer.data.imported)}</strong> imported, <strong>{formatNumber(importer.data.failed)}</strong>{' '}
              refused.
            </p>
            {importer.data.errors.length > 0 && (
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th>Line</th>
                    <th>What is wrong</th>
                  </tr>
                </thead>
                <tbody>
                  {importer.data.errors.map((row) => (
                    <tr key={row.row} data-testid="import-error">
                      <td>{row.row}</td>
                      <td>
                        {Object.entries(row.errors)
                          .map(([field, why]) => `${field}: ${why}`)
                          .join('; ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
        {importer.isError && (
          <p role="alert" className="text-sm text-error">
            {importer.error.message}
          </p>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {importer.data ? 'Close' : 'Cancel'}
          </button>
          {!importer.data && (
            <button type="button" className="btn btn-primary" disabled={!csv || importer.isPending} onClick={submit}>
              Import
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
