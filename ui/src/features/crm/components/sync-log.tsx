import { formatDate } from '../../../utils/format.ts';
import type { CrmLogRow } from '../api/crm-api.ts';

const OBJECT_WORDS: Record<CrmLogRow['object'], string> = { company: 'Company', contact: 'Contact', email: 'Email', meeting: 'Meeting' };

/** The per-object sync log: each object's last write, newest first (the API keeps one row per object). */
export function SyncLog({ rows }: { rows: readonly CrmLogRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-base-content/70">Nothing synced yet.</p>;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm" data-testid="crm-sync-log">
        <caption className="sr-only">The sync log</caption>
        <thead>
          <tr>
            <th scope="col">Object</th>
            <th scope="col">Meetflow id</th>
            <th scope="col">Result</th>
            <th scope="col" className="hidden sm:table-cell">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.object}:${row.externalId}`}>
              <td>{OBJECT_WORDS[row.object]}</td>
              <td className="max-w-56 wrap-anywhere font-mono text-xs">{row.externalId}</td>
              <td className="min-w-40 wrap-anywhere">
                {row.action === 'failed' ? (
                  <span className="text-red-700 dark:text-red-400">
                    <strong>Failed:</strong> {row.error}
                  </span>
                ) : (
                  <span>{row.action === 'created' ? 'Created' : 'Updated'}</span>
                )}
                <span className="block text-xs text-base-content/70 sm:hidden">{formatDate(row.at, { time: true })}</span>
              </td>
              <td className="hidden whitespace-nowrap sm:table-cell">{formatDate(row.at, { time: true })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
