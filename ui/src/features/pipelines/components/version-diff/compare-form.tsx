import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { compareSearch, type ComparedVersions } from '../../utils/compare-param.ts';

interface CompareFormProps {
  /** Every version number, newest first (two at least). */
  versions: number[];
  /** The versions compared now, if any: the form starts from them. */
  compared: ComparedVersions | undefined;
}

/** Picks any two versions and compares them (`?from=A&to=B`, the older first whichever way they were picked). */
export function CompareForm({ versions, compared }: CompareFormProps) {
  const navigate = useNavigate();
  const [from, setFrom] = useState(compared?.from ?? versions[1]!);
  const [to, setTo] = useState(compared?.to ?? versions[0]!);
  const options = versions.map((version) => (
    <option key={version} value={version}>
      v{version}
    </option>
  ));
  return (
    <form
      aria-label="Compare two versions"
      className="flex flex-wrap items-end gap-2 border-t border-base-300 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        navigate({ search: compareSearch(from, to) });
      }}
    >
      <label className="flex flex-col gap-1 text-xs">
        From
        <select className="select select-sm w-24" value={from} onChange={(event) => setFrom(Number(event.target.value))}>
          {options}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs">
        To
        <select className="select select-sm w-24" value={to} onChange={(event) => setTo(Number(event.target.value))}>
          {options}
        </select>
      </label>
      <button type="submit" className="btn btn-sm" disabled={from === to} aria-describedby={from === to ? 'compare-same' : undefined}>
        Compare
      </button>
      {from === to && (
        <p id="compare-same" className="basis-full text-xs text-base-content/60">
          Pick two different versions.
        </p>
      )}
    </form>
  );
}
