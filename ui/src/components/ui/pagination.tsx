import { pageRange } from '../../utils/pagination.ts';

interface PaginationProps {
  page: number;
  limit: number;
  /** How many items the page holds. */
  shown: number;
  total: number;
  /** Names the navigation for screen readers, e.g. "Pages of emails". */
  label: string;
  onPageChange: (page: number) => void;
}

/** "1–20 of 57" with Previous and Next. */
export function Pagination({ page, limit, shown, total, label, onPageChange }: PaginationProps) {
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={label}>
      <span data-testid="page-range">{pageRange(page, limit, shown, total)}</span>
      <div className="join">
        <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </button>
        <button type="button" className="btn join-item btn-sm" disabled={page * limit >= total} onClick={() => onPageChange(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
