import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatNumber } from '../../../utils/format.ts';
import {
  filterPeople,
  NO_FILTER,
  parseScoreBound,
  selectionText,
  shownSelection,
  slicesOf,
  toggleOne,
  toggleShown,
  type Reviewable,
  type ReviewFilter,
} from '../utils/review-filter.ts';

interface DiscoveryReviewProps<T extends Reviewable> {
  /** Everyone found, best match first. */
  people: readonly T[];
  /** The list's accessible name, e.g. "Found prospects". */
  label: string;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  /** A person's name, for their checkbox ("Select Ada Lane"). */
  nameOf: (person: T) => string;
  /** What a row shows beside its checkbox. */
  renderPerson: (person: T) => ReactNode;
  /** A row's height before it is measured, in px. */
  estimateSize: number;
  /** The list's tallest, as CSS (it scrolls within). */
  maxHeight: string;
  /** The selection's actions (add to the pipeline, launch…), shown beside the count. */
  actions?: ReactNode;
  /** Rows that are cards of their own (no rule between them, on the page's background). */
  cards?: boolean;
}

/** Keys that move between rows, and where each goes from `index` of `count`. */
const MOVES: Record<string, (index: number, count: number, page: number) => number> = {
  ArrowDown: (index, count) => Math.min(index + 1, count - 1),
  ArrowUp: (index) => Math.max(index - 1, 0),
  PageDown: (index, count, page) => Math.min(index + page, count - 1),
  PageUp: (index, _count, page) => Math.max(index - page, 0),
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The discovery review: everyone found in one scrolling list, however many (only the rows in view
 * are drawn), filtered by match score and ICP slice, with a checkbox each and "Select all N" for
 * everyone the filters show. For keyboards and screen readers each row states its place
 * (aria-posinset of aria-setsize), the arrow keys, Page Up/Down, Home and End move between rows
 * (scrolling the list), and the row holding focus stays drawn while the list scrolls away from it.
 */
export function DiscoveryReview<T extends Reviewable>({
  people,
  label,
  selected,
  onSelectedChange,
  nameOf,
  renderPerson,
  estimateSize,
  maxHeight,
  actions,
  cards = false,
}: DiscoveryReviewProps<T>) {
  const [minText, setMinText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [slice, setSlice] = useState<string | null>(null);
  const min = parseScoreBound(minText);
  const max = parseScoreBound(maxText);
  const slices = useMemo(() => slicesOf(people), [people]);
  // A slice no longer among the people (a new discovery) filters nothing.
  const sliceShown = slice !== null && slices.some((candidate) => candidate.name === slice) ? slice : null;
  const filter: ReviewFilter = { minScore: min.value, maxScore: max.value, slice: sliceShown };
  const filterKey = `${filter.minScore}-${filter.maxScore}-${filter.slice}`;
  const shown = useMemo(
    () => filterPeople(people, { minScore: min.value, maxScore: max.value, slice: sliceShown }),
    [people, min.value, max.value, sliceShown],
  );
  const state = shownSelection(selected, shown);
  const ids = { min: useId(), max: useId(), slice: useId(), hint: useId(), count: useId() };
  const filtered = filterKey !== `${NO_FILTER.minScore}-${NO_FILTER.maxScore}-${NO_FILTER.slice}`;

  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = state === 'some';
  }, [state]);

  return (
    <div className="flex flex-col gap-3" data-testid="discovery-review">
      <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-2" aria-label="Filter the people found">
        <label className="flex flex-col gap-1 text-xs" htmlFor={ids.min}>
          Minimum score
          <input
            id={ids.min}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            className={`input input-sm w-24 ${min.error ? 'input-error' : ''}`}
            value={minText}
            onChange={(event) => setMinText(event.target.value)}
            aria-invalid={min.error !== null}
            aria-describedby={min.error ? `${ids.min}-error` : undefined}
          />
          {min.error && (
            <span id={`${ids.min}-error`} className="text-error">
              {min.error}
            </span>
          )}
        </label>
        <label className="flex flex-col gap-1 text-xs" htmlFor={ids.max}>
          Maximum score
          <input
            id={ids.max}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            className={`input input-sm w-24 ${max.error ? 'input-error' : ''}`}
            value={maxText}
            onChange={(event) => setMaxText(event.target.value)}
            aria-invalid={max.error !== null}
            aria-describedby={max.error ? `${ids.max}-error` : undefined}
          />
          {max.error && (
            <span id={`${ids.max}-error`} className="text-error">
              {max.error}
            </span>
          )}
        </label>
        {slices.length > 1 && (
          <label className="flex min-w-0 flex-col gap-1 text-xs" htmlFor={ids.slice}>
            ICP slice
            <select
              id={ids.slice}
              className="select select-sm w-full max-w-72"
              value={sliceShown ?? ''}
              onChange={(event) => setSlice(event.target.value === '' ? null : event.target.value)}
            >
              <option value="">Every slice ({formatNumber(people.length)})</option>
              {slices.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.name} ({formatNumber(candidate.count)})
                </option>
              ))}
            </select>
          </label>
        )}
        {filtered && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setMinText('');
              setMaxText('');
              setSlice(null);
            }}
          >
            Clear filters
          </button>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box bg-base-200 px-3 py-2 text-sm">
        <label className="flex cursor-pointer items-center gap-2 font-medium">
          <input
            ref={selectAll}
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={state === 'all' && shown.length > 0}
            disabled={shown.length === 0}
            onChange={() => onSelectedChange(toggleShown(selected, shown))}
            aria-describedby={ids.count}
            data-testid="select-all"
          />
          {state === 'all' && shown.length > 0 ? `Clear all ${formatNumber(shown.length)}` : `Select all ${formatNumber(shown.length)}`}
        </label>
        <span id={ids.count} role="status" className="text-base-content/70" data-testid="selection-count">
          {selectionText(selected, people, shown)}
        </span>
        {selected.size > 0 && (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => onSelectedChange(new Set())}>
            Clear selection
          </button>
        )}
        {actions && <div className="flex flex-wrap gap-2 sm:ml-auto">{actions}</div>}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-base-content/70" data-testid="review-none-shown">
          No one found matches these filters.
        </p>
      ) : (
        <>
          <p id={ids.hint} className="sr-only">
            Up and down arrows move between people; Page Up and Page Down move a screen; Home and End go to the first and the last.
          </p>
          <ReviewRows
            key={filterKey}
            shown={shown}
            label={label}
            hintId={ids.hint}
            selected={selected}
            onToggle={(key) => onSelectedChange(toggleOne(selected, key))}
            nameOf={nameOf}
            renderPerson={renderPerson}
            estimateSize={estimateSize}
            maxHeight={maxHeight}
            cards={cards}
          />
        </>
      )}
    </div>
  );
}

interface ReviewRowsProps<T extends Reviewable> {
  shown: readonly T[];
  label: string;
  hintId: string;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  nameOf: (person: T) => string;
  renderPerson: (person: T) => ReactNode;
  estimateSize: number;
  maxHeight: string;
  cards: boolean;
}

/** The rows in view (and the one holding focus), each with its checkbox; a new filter draws them afresh, from the top. */
function ReviewRows<T extends Reviewable>({
  shown,
  label,
  hintId,
  selected,
  onToggle,
  nameOf,
  renderPerson,
  estimateSize,
  maxHeight,
  cards,
}: ReviewRowsProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // The row holding focus, kept drawn while the list scrolls away from it (so focus is never lost).
  const [focused, setFocused] = useState<number | null>(null);
  // The row a key moved to: its checkbox takes focus once it is drawn.
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return focused === null || indexes.includes(focused) || focused >= shown.length
        ? indexes
        : [...indexes, focused].sort((left, right) => left - right);
    },
    [focused, shown.length],
  );
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    overscan: 6,
    getItemKey: (index) => shown[index]!.key,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();

  useEffect(() => {
    if (moveTo === null) return;
    const box = scroller.current?.querySelector<HTMLInputElement>(`[data-index="${moveTo}"] input[data-row-check]`);
    if (box) {
      box.focus({ preventScroll: true });
      setMoveTo(null);
    }
  }, [moveTo, items]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!move || !row || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? estimateSize) / estimateSize));
    const target = move(Number(row.dataset.index), shown.length, page);
    setFocused(target);
    setMoveTo(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  return (
    <div
      ref={scroller}
      className={`overflow-y-auto overscroll-contain rounded-box ${cards ? 'bg-base-200' : 'border border-base-200'}`}
      style={{ maxHeight }}
      data-testid="review-scroller"
    >
      <div
        role="list"
        aria-label={label}
        aria-describedby={hintId}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
          if (row) setFocused(Number(row.dataset.index));
        }}
      >
        {items.map((item) => {
          const person = shown[item.index]!;
          const name = nameOf(person);
          return (
            <div
              key={item.key}
              role="listitem"
              aria-posinset={item.index + 1}
              aria-setsize={shown.length}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`absolute top-0 left-0 flex w-full items-start gap-3 px-3 ${cards ? 'py-1.5' : 'border-b border-base-200 py-2'}`}
              style={{ transform: `translateY(${item.start}px)` }}
              data-testid="review-row"
            >
              <input
                type="checkbox"
                className={`checkbox checkbox-sm shrink-0 ${cards ? 'mt-6' : 'mt-1'}`}
                checked={selected.has(person.key)}
                onChange={() => onToggle(person.key)}
                aria-label={`Select ${name}`}
                data-row-check=""
              />
              <div className="min-w-0 flex-1">{renderPerson(person)}</div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
