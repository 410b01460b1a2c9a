import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useDebounced } from '../../../../lib/use-debounced.ts';

/** A prospect as the filter names it (GET /api/prospects and /api/prospects/:id answer at least this). */
interface ProspectName {
  id: number;
  firstName: string;
  lastName: string;
  company: string;
}

// Under `prospects`, so adding or importing prospects refreshes them too.
const SUGGESTIONS = 6;
const suggestionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['prospects', 'runs-filter', search] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProspectName[]>(`/api/prospects?limit=${SUGGESTIONS}&search=${encodeURIComponent(search)}`, { signal }),
    enabled: search !== '',
    staleTime: 30_000,
  });
const prospectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['prospects', 'runs-filter', 'one', id] as const,
    queryFn: ({ signal }) => apiRequest<ProspectName>(`/api/prospects/${id}`, { signal }),
    retry: false,
    staleTime: 60_000,
  });

const WHOLE = /^[1-9]\d{0,14}$/;
const nameOf = (prospect: ProspectName) => `${prospect.firstName} ${prospect.lastName}, ${prospect.company}`;

interface ProspectFilterProps {
  /** The chosen prospect's id, or ''. */
  value: string;
  onChange: (prospectId: string) => void;
}

/**
 * The runs list's prospect filter: type a prospect's id, or part of a name, company or email and
 * pick one of the matches; once chosen it shows as the prospect's name, with a button to clear it.
 */
export function ProspectFilter({ value, onChange }: ProspectFilterProps) {
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = typed.trim();
  const search = useDebounced(WHOLE.test(text) ? '' : text);
  const found = useQuery(suggestionsQueryOptions(search));
  const chosen = useQuery({ ...prospectQueryOptions(value), enabled: value !== '' });

  if (value) {
    const label = chosen.data ? nameOf(chosen.data) : chosen.isError ? 'not found' : '';
    return (
      <div className="flex flex-col gap-1 text-sm">
        <span id={`${ids}-label`}>Prospect</span>
        <div className="input input-sm flex w-full items-center gap-1 pr-1" aria-labelledby={`${ids}-label`} data-testid="prospect-chip">
          <span className="min-w-0 flex-1 truncate" title={label}>
            #{value}
            {label && <span className="text-base-content/70"> · {label}</span>}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-square"
            aria-label={`Clear the prospect filter (#${value})`}
            onClick={() => {
              setTyped('');
              onChange('');
            }}
          >
            ✕
          </button>
        </div>
      </div>
    );
  }

  // A typed id is offered first, as itself; otherwise the prospects the search found.
  const options: Array<{ id: string; label: string }> = WHOLE.test(text)
    ? [{ id: text, label: `Prospect #${text}` }]
    : search === text && found.data
      ? found.data.map((prospect) => ({ id: String(prospect.id), label: `#${prospect.id} · ${nameOf(prospect)}` }))
      : [];
  const shown = open && text !== '';
  const choose = (id: string) => {
    setOpen(false);
    setActive(0);
    onChange(id);
  };
  const status =
    text === '' || WHOLE.test(text)
      ? null
      : search !== text || found.isFetching
        ? 'Searching…'
        : found.isError
          ? `The prospects could not be searched: ${found.error.message}`
          : options.length === 0
            ? 'No prospect matches.'
            : null;

  return (
    <div className="relative flex flex-col gap-1 text-sm">
      <label htmlFor={`${ids}-input`}>Prospect</label>
      <input
        id={`${ids}-input`}
        type="search"
        role="combobox"
        className="input input-sm w-full"
        placeholder="ID or name"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown && options.length > 0}
        aria-controls={`${ids}-options`}
        aria-activedescendant={shown && options[active] ? `${ids}-option-${active}` : undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            if (options.length > 0) setActive((active + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
          } else if (event.key === 'Enter') {
            event.preventDefault();
            const option = options[active];
            if (option) choose(option.id);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {shown && (options.length > 0 || status) && (
        <div className="absolute top-full right-0 left-0 z-20 mt-1 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg">
          {options.length > 0 && (
            <ul id={`${ids}-options`} role="listbox" aria-label="Matching prospects" className="flex flex-col">
              {options.map((option, index) => (
                <li
                  key={option.id}
                  id={`${ids}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={`cursor-pointer truncate rounded-field px-2 py-1.5 ${index === active ? 'bg-base-200' : ''}`}
                  // Before the input's blur closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option.id)}
                  onMouseEnter={() => setActive(index)}
                >
                  {option.label}
                </li>
              ))}
            </ul>
          )}
          {status && (
            <p className="px-2 py-1.5 text-base-content/70" role="status">
              {status}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
