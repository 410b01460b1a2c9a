/** The full address to send an invitee: the API's `link` (`/invite/<token>`) after this site's origin, never another site. */
export function invitationUrl(origin: string, link: string): string {
  return `${origin.replace(/\/+$/, '')}/${link.replace(/^\/+/, '')}`;
}

/** How a script sends an API token (the header the API's 401 names). */
export const bearerHeader = (token: string) => `Authorization: Bearer ${token}`;

/** A call to try a token with: the workspace's members, a read every role may make. */
export function curlExample(origin: string, token: string): string {
  return `curl -H '${bearerHeader(token)}' ${origin.replace(/\/+$/, '')}/api/members`;
}
