import { useState } from 'react';
import { formatNumber } from '../../utils/format.ts';
import { readable, recordTitle, type Readable } from '../../utils/readable.ts';

/** One value laid out: text, a list (records as boxes headed by their name), or labelled fields. */
function ReadableBlock({ value }: { value: Readable }) {
  if (value.kind === 'text')
    return <span className={`whitespace-pre-line wrap-anywhere ${value.muted ? 'text-base-content/50' : ''}`}>{value.text}</span>;
  if (value.kind === 'list') {
    const records = value.items.some((item) => item.kind !== 'text');
    return (
      <>
        <ul className={records ? 'flex flex-col gap-2' : 'list-disc space-y-0.5 pl-4'}>
          {value.items.map((item, index) => {
            const title = recordTitle(item);
            return (
              <li key={index} className={records ? 'rounded-box border border-base-300 p-2' : 'wrap-anywhere'}>
                {records && title && <p className="mb-1 font-medium wrap-anywhere">{title}</p>}
                <ReadableBlock value={item} />
              </li>
            );
          })}
        </ul>
        {value.more > 0 && <p className="text-xs text-base-content/60">and {formatNumber(value.more)} more (see JSON)</p>}
      </>
    );
  }
  return (
    <dl className="flex flex-col gap-1.5">
      {value.fields.map(({ key, label, value: field }) =>
        field.kind === 'text' ? (
          <div key={key} className="flex flex-wrap gap-x-2">
            <dt className="text-base-content/60">{label}</dt>
            <dd className="min-w-0">
              <ReadableBlock value={field} />
            </dd>
          </div>
        ) : (
          <div key={key}>
            <dt className="text-base-content/60">{label}</dt>
            <dd className="mt-1 border-l-2 border-base-300 pl-2">
              <ReadableBlock value={field} />
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}

/**
 * A value (a step's output, a run's input) as readable fields, labels and values with lists as
 * lists, and its exact JSON one click away. `label` names the block for assistive technology
 * and tests: the fields are `label`, the JSON `label (JSON)`.
 */
export function DataView({ value, label }: { value: unknown; label: string }) {
  const [asJson, setAsJson] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="join self-end" role="group" aria-label={`${label}: view as`}>
        <button
          type="button"
          className={`btn join-item btn-xs ${asJson ? 'btn-ghost' : 'btn-active'}`}
          aria-pressed={!asJson}
          onClick={() => setAsJson(false)}
        >
          Fields
        </button>
        <button
          type="button"
          className={`btn join-item btn-xs ${asJson ? 'btn-active' : 'btn-ghost'}`}
          aria-pressed={asJson}
          onClick={() => setAsJson(true)}
        >
          JSON
        </button>
      </div>
      {asJson ? (
        <pre aria-label={`${label} (JSON)`} className="max-h-96 overflow-auto rounded-box bg-base-200 p-3 font-mono text-xs">
          {JSON.stringify(value, null, 2) ?? 'no value'}
        </pre>
      ) : (
        <div aria-label={label} role="group" className="max-h-[32rem] overflow-auto rounded-box bg-base-200 p-3 text-sm">
          <ReadableBlock value={readable(value)} />
        </div>
      )}
    </div>
  );
}
