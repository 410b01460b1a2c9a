/** The `?version=N` a pipeline page draws, or undefined (the latest) when absent or not a positive whole number. */
export function versionParam(params: URLSearchParams): number | undefined {
  const version = Number(params.get('version'));
  return Number.isInteger(version) && version >= 1 ? version : undefined;
}
