/** Where the UI keeps the workspace it works in, until accounts bring a workspace switcher. */
export const WORKSPACE_STORAGE_KEY = 'meetflow.workspace';

/** The product's one workspace before accounts exist (the API's default too). */
export const DEFAULT_WORKSPACE = 'default';

/** The workspace every API call of this page is scoped to: the stored choice, else the default. */
export function currentWorkspace(): string {
  try {
    return globalThis.localStorage?.getItem(WORKSPACE_STORAGE_KEY) || DEFAULT_WORKSPACE;
  } catch {
    // Storage can be unavailable (privacy modes); the default workspace still works.
    return DEFAULT_WORKSPACE;
  }
}

/** `path` with `?workspace=` of the current workspace, unless the caller named one already. */
export function withWorkspace(path: string, workspace = currentWorkspace()): string {
  const url = new URL(path, 'http://meetflow.local');
  if (workspace === DEFAULT_WORKSPACE || url.searchParams.has('workspace')) return path;
  url.searchParams.set('workspace', workspace);
  return `${url.pathname}${url.search}${url.hash}`;
}
