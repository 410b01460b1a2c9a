interface BadgeListProps {
  label: string;
  values: readonly string[];
  /** daisyUI badge modifier, e.g. `badge-primary`. */
  tone?: string;
}

/** A labelled list of badges, e.g. a criterion and its values; "none found" when empty. */
export function BadgeList({ label, values, tone = 'badge-ghost' }: BadgeListProps) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold uppercase tracking-wide text-base-content/60" aria-hidden="true">
        {label}
      </span>
      {values.length === 0 ? (
        <p className="text-sm text-base-content/70">No {label.toLowerCase()} found</p>
      ) : (
        <ul aria-label={label} className="flex flex-wrap gap-1">
          {values.map((value) => (
            <li key={value} className={`badge badge-sm h-auto py-0.5 ${tone}`}>
              {value}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
