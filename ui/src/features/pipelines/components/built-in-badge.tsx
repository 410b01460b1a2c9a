/** Marks a pipeline that ships with Meetflow: it can be read and duplicated, not edited. */
export function BuiltInBadge() {
  return <span className="badge badge-outline badge-sm whitespace-nowrap">Built-in · read-only</span>;
}
