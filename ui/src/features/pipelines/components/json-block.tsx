/** A value as indented JSON in a scrollable block. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} className="max-h-72 overflow-auto rounded-box bg-base-200 p-3 font-mono text-xs">
      {JSON.stringify(value, null, 2) ?? 'undefined'}
    </pre>
  );
}
