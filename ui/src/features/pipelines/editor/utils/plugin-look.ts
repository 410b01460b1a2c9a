/** A plugin's `ui.color` when the browser can paint it (manifests may name colours CSS lacks, e.g. `emerald`), else a neutral grey. */
export function paintableColor(color: string | undefined): string {
  if (color && typeof CSS !== 'undefined' && CSS.supports('color', color)) return color;
  return '#64748b';
}
