export { serveRouters } from './http.ts';

/** JSON request helper over a served app: `?workspace=` is added when given. */
export function jsonClient(url: string, workspace?: string) {
  const at = (path: string) => `${url}${path}${workspace ? `${path.includes('?') ? '&' : '?'}workspace=${workspace}` : ''}`;
  return {
    get: (path: string) => fetch(at(path)),
    post: (path: string, body: unknown) =>
      fetch(at(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}
