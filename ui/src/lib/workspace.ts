import { atom, getDefaultStore, useAtomValue } from 'jotai';

/** Where the UI keeps the workspace the user chose (the header's switcher writes it; end-to-end specs set it before a page loads). */
export const WORKSPACE_STORAGE_KEY = 'meetflow.workspace';

/** The API's workspace for a request that names none. */
export const DEFAULT_WORKSPACE = 'default';

/** Routes that belong to no workspace: the API answers them the same in every one. */
const UNSCOPED_PATHS = [/^\/api\/auth\//, /^\/api\/health$/, /^\/api\/openapi\.json$/];

/** The stored choice, or null when there is none or storage is unavailable (privacy modes). */
function readStoredChoice(): string | null {
  try {
    return globalThis.localStorage?.getItem(WORKSPACE_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

const storedChoiceAtom = atom<string | null>(readStoredChoice());

/** The slugs of the signed-in user's workspaces, oldest membership first; null while nobody is known to be signed in. */
const memberWorkspacesAtom = atom<readonly string[] | null>(null);

/**
 * The workspace to work in: the stored choice when the user belongs to it, else their first
 * workspace. Before anyone is known to be signed in, the stored choice or the default.
 */
export function pickWorkspace(stored: string | null, members: readonly string[] | null): string {
  if (members === null) return stored ?? DEFAULT_WORKSPACE;
  if (stored !== null && members.includes(stored)) return stored;
  return members[0] ?? stored ?? DEFAULT_WORKSPACE;
}

const currentWorkspaceAtom = atom((get) => pickWorkspace(get(storedChoiceAtom), get(memberWorkspacesAtom)));

// The atoms live in jotai's default store, which the app's components use too: the API client
// (outside React) and the header (inside) read the same value.
const store = getDefaultStore();

/** The workspace every API call of this page is scoped to (see {@link pickWorkspace}). */
export function currentWorkspace(): string {
  return store.get(currentWorkspaceAtom);
}

/** The current workspace in a component, which re-renders when it changes. */
export function useCurrentWorkspace(): string {
  return useAtomValue(currentWorkspaceAtom, { store });
}

/** Records whose workspaces count (the signed-in user's slugs), or null when nobody is signed in. */
export function setMemberWorkspaces(slugs: readonly string[] | null): void {
  store.set(memberWorkspacesAtom, slugs);
}

/** Stores the user's choice of workspace, for this page and the next visits. */
export function storeWorkspace(slug: string): void {
  try {
    globalThis.localStorage?.setItem(WORKSPACE_STORAGE_KEY, slug);
  } catch {
    // Storage unavailable: the choice holds for this page only.
  }
  store.set(storedChoiceAtom, slug);
}

/**
 * The workspace a request names: while signed in always the current one (the API then checks the
 * membership); before that only one other than the default, as before accounts existed.
 */
export function requestWorkspace(): string | null {
  const workspace = currentWorkspace();
  return store.get(memberWorkspacesAtom) !== null || workspace !== DEFAULT_WORKSPACE ? workspace : null;
}

/** `path` with `?workspace=`, unless it names none, the caller named one already, or the route belongs to no workspace. */
export function withWorkspace(path: string, workspace: string | null = requestWorkspace()): string {
  const url = new URL(path, 'http://meetflow.local');
  if (workspace === null || url.searchParams.has('workspace') || UNSCOPED_PATHS.some((pattern) => pattern.test(url.pathname))) return path;
  url.searchParams.set('workspace', workspace);
  return `${url.pathname}${url.search}${url.hash}`;
}
