// A local stand-in for Google's OAuth 2.0 server and the Calendar API v3, for tests: written from
// Google's published references, with their paths, statuses, response shapes and error bodies.
//
// - OAuth 2.0 for web server applications (authorization code, PKCE, access_type=offline, refresh,
//   invalid_grant): https://developers.google.com/identity/protocols/oauth2/web-server
// - Calendar API scopes: https://developers.google.com/workspace/calendar/api/auth
// - freebusy.query: https://developers.google.com/workspace/calendar/api/v3/reference/freebusy/query
// - events (resource, insert with a client id in base32hex, patch, delete, get, list):
//   https://developers.google.com/calendar/api/v3/reference/events (id: "lowercase letters a-v and
//   digits 0-9 … between 5 and 1024 characters"), events/get, events/list
// - Incremental sync (nextSyncToken on the last page, syncToken, deletions as status "cancelled",
//   410 Gone → full sync): https://developers.google.com/calendar/api/guides/sync
// - Errors (the {"error":{"errors":[{domain,reason,message}],code,message}} body; 401 authError,
//   403/429 rateLimitExceeded, 404 notFound, 409 duplicate, 410 fullSyncRequired / deleted, 412
//   conditionNotMet): https://developers.google.com/calendar/api/guides/errors
//
// - Push notifications (events.watch: a channel id the caller chooses, type web_hook, an https
//   address — "WebHook callback must be HTTPS" otherwise —, a token and an expiration in ms; the
//   Channel resource with its resourceId; channels.stop with id and resourceId; the notification: a
//   POST with no body and the X-Goog-Channel-ID, X-Goog-Channel-Token, X-Goog-Channel-Expiration,
//   X-Goog-Resource-ID, X-Goog-Resource-URI, X-Goog-Resource-State ("sync" when a channel opens,
//   then "exists") and X-Goog-Message-Number headers):
//   https://developers.google.com/workspace/calendar/api/guides/push,
//   https://developers.google.com/workspace/calendar/api/v3/reference/events/watch,
//   https://developers.google.com/workspace/calendar/api/v3/reference/channels/stop
//
// What it leaves out: recurrence expansion (its events are single), conferenceData, reminders,
// calendars other than the account's primary one. It sends notifications when the test says
// (`notify`), not by itself: a test decides when a change is told.
import {
  fakeAuthorizationServer,
  startLoopbackServer,
  type FakeAuthorizationServer,
  type LoopbackAnswer,
  type LoopbackRequest,
} from '@meetflow/plugin-sdk/oauth/testing';

export const FAKE_GOOGLE_CLIENT = { clientId: 'meetflow-test.apps.googleusercontent.com', clientSecret: 'GOCSPX-fake-secret' };
/** The address of the account the fake's calendar belongs to. */
export const FAKE_GOOGLE_OWNER = 'rep@acme.test';

/** An event as the Calendar API holds it (the fields Meetflow reads and writes). */
export interface GoogleEvent {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  iCalUID: string;
  sequence: number;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  transparency?: 'opaque' | 'transparent';
  recurrence?: string[];
  organizer: { email: string; self?: boolean };
  creator: { email: string; self?: boolean };
  attendees?: Array<{ email: string; displayName?: string; responseStatus: string; organizer?: boolean; self?: boolean }>;
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
}

/** A push channel as the fake keeps it (events.watch). */
export interface GoogleChannel {
  id: string;
  resourceId: string;
  token: string | null;
  address: string;
  /** Milliseconds since the epoch. */
  expiration: number;
  stopped: boolean;
  messages: number;
}

/** What the fake told attendees (sendUpdates=all). */
export interface GoogleNotification {
  eventId: string;
  kind: 'invitation' | 'update' | 'cancellation';
  to: string[];
}

export interface FakeGoogle {
  /** "http://127.0.0.1:PORT". */
  origin: string;
  /** The config pointing the plugin at the fake. */
  config: { apiBaseUrl: string; tokenEndpoint: string; revocationEndpoint: string; clientId: string; clientSecret: string };
  /** The OAuth client as `@meetflow/plugin-sdk/oauth` takes it. */
  oauth: {
    authorizationEndpoint: string;
    tokenEndpoint: string;
    revocationEndpoint: string;
    clientId: string;
    clientSecret: string;
    scopes: string[];
  };
  auth: FakeAuthorizationServer;
  /** The primary calendar's events by id (cancelled ones kept, as Google keeps them). */
  events: Map<string, GoogleEvent>;
  notifications: GoogleNotification[];
  requests: LoopbackRequest[];
  /** Another client writes an event (a new one, or a change): it gets a new etag and shows in the next sync. */
  putEvent(event: Partial<GoogleEvent> & { id: string; start: GoogleEvent['start']; end: GoogleEvent['end'] }): GoogleEvent;
  /** Another client deletes an event (status "cancelled", as Google keeps deletions). */
  deleteEvent(id: string): void;
  /** The next `count` Calendar API requests answer 429 rateLimitExceeded with Retry-After `seconds`. */
  throttle(count: number, seconds: number): void;
  /** Every sync token issued so far is forgotten (Google's 410 fullSyncRequired). */
  expireSyncTokens(): void;
  /** The push channels opened, by id (stopped ones kept, marked). */
  channels: Map<string, GoogleChannel>;
  /**
   * Sends a notification ("exists") to every channel open and not expired, as Google does after a
   * change; answers each channel's id and the status its address answered (0: not sent, no `deliverTo`).
   */
  notify(): Promise<Array<{ channelId: string; status: number }>>;
  close(): Promise<void>;
}

/**
 * Where a notification to `address` is sent: the test maps the https address onto its local server.
 * Without it, nothing is sent (a test never calls out to the internet): the channel reads as unreachable.
 */
export type DeliverTo = (address: string) => string;

const errorBody = (code: number, reason: string, message: string, domain = 'global', extra: Record<string, string> = {}) => ({
  error: { errors: [{ domain, reason, message, ...extra }], code, message },
});
const BASE32HEX = /^[a-v0-9]{5,1024}$/;

/** Starts the fake on a free loopback port; its tokens and events live on `now` (the test's clock). */
export async function startFakeGoogle(options: {
  now: () => Date;
  accessTokenLifetimeSeconds?: number;
  deliverTo?: DeliverTo;
}): Promise<FakeGoogle> {
  const { now } = options;
  const deliverTo = options.deliverTo ?? null;
  const channels = new Map<string, GoogleChannel>();
  // The resource watched: the primary calendar's events, one id for every channel on it.
  const RESOURCE_ID = 'ret08u3rv24htgh289g';
  const RESOURCE_URI = `/calendar/v3/calendars/${encodeURIComponent(FAKE_GOOGLE_OWNER)}/events?alt=json`;
  const auth = fakeAuthorizationServer({
    ...FAKE_GOOGLE_CLIENT,
    now,
    paths: { authorize: '/o/oauth2/v2/auth', token: '/token', revoke: '/revoke' },
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? 3599,
    rotateRefreshTokens: false,
  });
  const events = new Map<string, GoogleEvent>();
  const changedAt = new Map<string, number>();
  const notifications: GoogleNotification[] = [];
  let version = 1;
  let tokenEpoch = 0;
  let throttled: { count: number; seconds: number } | null = null;
  let etagCounter = 3181161784712000;

  const stamp = (event: GoogleEvent) => {
    etagCounter += 1000;
    event.etag = `"${etagCounter}"`;
    event.updated = now().toISOString();
    version += 1;
    changedAt.set(event.id, version);
  };
  const emails = (event: GoogleEvent) => (event.attendees ?? []).filter((attendee) => !attendee.self).map((attendee) => attendee.email);
  const randomId = () => Array.from({ length: 26 }, () => '0123456789abcdefghijklmnopqrstuv'[Math.floor(Math.random() * 32)]).join('');

  function newEvent(body: Record<string, unknown>, id: string): GoogleEvent {
    const at = now().toISOString();
    return {
      kind: 'calendar#event',
      id,
      etag: '',
      status: (body.status as GoogleEvent['status']) ?? 'confirmed',
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${FAKE_GOOGLE_OWNER}`).toString('base64url')}`,
      created: at,
      updated: at,
      iCalUID: `${id}@google.com`,
      sequence: 0,
      organizer: { email: FAKE_GOOGLE_OWNER, self: true },
      creator: { email: FAKE_GOOGLE_OWNER, self: true },
      start: body.start as GoogleEvent['start'],
      end: body.end as GoogleEvent['end'],
      ...pick(body),
    };
  }
  function pick(body: Record<string, unknown>): Partial<GoogleEvent> {
    const out: Partial<GoogleEvent> = {};
    for (const key of [
      'summary',
      'description',
      'location',
      'transparency',
      'recurrence',
      'extendedProperties',
      'start',
      'end',
      'status',
    ] as const)
      if (key in body) (out as Record<string, unknown>)[key] = body[key];
    if ('attendees' in body)
      out.attendees = ((body.attendees as Array<{ email: string; displayName?: string }> | undefined) ?? []).map((attendee) => ({
        email: attendee.email,
        ...(attendee.displayName ? { displayName: attendee.displayName } : {}),
        responseStatus: 'needsAction',
      }));
    return out;
  }
  const millis = (value: GoogleEvent['start']) => Date.parse(value.dateTime ?? `${value.date}T00:00:00Z`);
  const timesProblem = (body: Record<string, unknown>): string | null => {
    const start = body.start as GoogleEvent['start'] | undefined;
    const end = body.end as GoogleEvent['end'] | undefined;
    if (!start || (!start.dateTime && !start.date)) return 'Missing start time.';
    if (!end || (!end.dateTime && !end.date)) return 'Missing end time.';
    if (!Number.isFinite(millis(start)) || !Number.isFinite(millis(end))) return 'Invalid start or end time.';
    if (millis(end) <= millis(start)) return 'The specified time range is empty.';
    return null;
  };

  function syncToken(): string {
    return Buffer.from(JSON.stringify({ v: version, e: tokenEpoch })).toString('base64url');
  }
  function readToken(token: string): number | null {
    try {
      const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { v?: number; e?: number };
      return typeof parsed.v === 'number' && parsed.e === tokenEpoch ? parsed.v : null;
    } catch {
      return null;
    }
  }

  function list(url: URL): LoopbackAnswer {
    const params = url.searchParams;
    const token = params.get('syncToken');
    const maxResults = Math.min(Number(params.get('maxResults') ?? 250) || 250, 2500);
    if (token && ['timeMin', 'timeMax', 'q', 'orderBy', 'updatedMin', 'iCalUID'].some((key) => params.has(key)))
      return { status: 400, body: errorBody(400, 'invalid', 'Sync token cannot be used with other request restrictions.') };
    let since: number | null = null;
    if (token) {
      since = readToken(token);
      if (since === null)
        return {
          status: 410,
          body: errorBody(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.', 'calendar'),
        };
    }
    const showDeleted = since !== null || params.get('showDeleted') === 'true';
    const all = [...events.values()]
      .filter((event) => (since === null ? true : (changedAt.get(event.id) ?? 0) > since))
      .filter((event) => showDeleted || event.status !== 'cancelled')
      .sort((a, b) => (changedAt.get(a.id) ?? 0) - (changedAt.get(b.id) ?? 0));
    const offset = Number(params.get('pageToken') ?? 0) || 0;
    const page = all.slice(offset, offset + maxResults);
    const more = offset + maxResults < all.length;
    return {
      status: 200,
      body: {
        kind: 'calendar#events',
        etag: `"p${version}"`,
        summary: FAKE_GOOGLE_OWNER,
        updated: now().toISOString(),
        timeZone: 'UTC',
        accessRole: 'owner',
        defaultReminders: [],
        ...(more ? { nextPageToken: String(offset + maxResults) } : { nextSyncToken: syncToken() }),
        // A deleted event reads as its id and status only, as Google answers it.
        items: page.map((event) =>
          event.status === 'cancelled' ? { kind: event.kind, etag: event.etag, id: event.id, status: 'cancelled' } : event,
        ),
      },
    };
  }

  function freeBusy(body: Record<string, unknown>): LoopbackAnswer {
    const from = Date.parse(String(body.timeMin ?? ''));
    const to = Date.parse(String(body.timeMax ?? ''));
    if (!Number.isFinite(from) || !Number.isFinite(to))
      return { status: 400, body: errorBody(400, 'required', 'Missing timeMin or timeMax.') };
    if (to <= from) return { status: 400, body: errorBody(400, 'timeRangeEmpty', 'The specified time range is empty.', 'calendar') };
    const calendars: Record<string, unknown> = {};
    for (const item of (body.items as Array<{ id: string }> | undefined) ?? []) {
      if (item.id !== 'primary' && item.id !== FAKE_GOOGLE_OWNER) {
        calendars[item.id] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
        continue;
      }
      const busy = [...events.values()]
        .filter((event) => event.status !== 'cancelled' && event.transparency !== 'transparent')
        .map((event) => [Math.max(millis(event.start), from), Math.min(millis(event.end), to)] as const)
        .filter(([start, end]) => start < end)
        .sort((a, b) => a[0] - b[0])
        .reduce<Array<[number, number]>>((merged, [start, end]) => {
          const last = merged.at(-1);
          if (last && start <= last[1]) last[1] = Math.max(last[1], end);
          else merged.push([start, end]);
          return merged;
        }, [])
        .map(([start, end]) => ({
          start: new Date(start).toISOString().replace('.000Z', 'Z'),
          end: new Date(end).toISOString().replace('.000Z', 'Z'),
        }));
      calendars[item.id] = { busy };
    }
    return {
      status: 200,
      body: { kind: 'calendar#freeBusy', timeMin: new Date(from).toISOString(), timeMax: new Date(to).toISOString(), calendars },
    };
  }

  function watch(body: Record<string, unknown>): LoopbackAnswer {
    const { id, type, address, token, expiration } = body as Record<string, string | undefined>;
    if (!id || !/^[A-Za-z0-9/_+=-]{1,64}$/.test(id)) return { status: 400, body: errorBody(400, 'invalid', 'Invalid channel id.') };
    if (type !== 'web_hook' && type !== 'webhook') return { status: 400, body: errorBody(400, 'invalid', 'Invalid channel type.') };
    if (!address || !URL.canParse(address) || new URL(address).protocol !== 'https:')
      return { status: 400, body: errorBody(400, 'push.webhookUrlNotHttps', 'WebHook callback must be HTTPS: ' + String(address), 'push') };
    if (channels.has(id)) return { status: 400, body: errorBody(400, 'channelIdNotUnique', 'Channel id not unique', 'push') };
    const asked = expiration === undefined ? now().getTime() + 7 * 86_400_000 : Number(expiration);
    if (!Number.isFinite(asked) || asked <= now().getTime()) return { status: 400, body: errorBody(400, 'invalid', 'Invalid expiration.') };
    const channel: GoogleChannel = {
      id,
      resourceId: RESOURCE_ID,
      token: token ?? null,
      address,
      expiration: asked,
      stopped: false,
      messages: 0,
    };
    channels.set(id, channel);
    return {
      status: 200,
      body: {
        kind: 'api#channel',
        id,
        resourceId: RESOURCE_ID,
        resourceUri: RESOURCE_URI,
        ...(token ? { token } : {}),
        expiration: String(asked),
      },
    };
  }

  async function send(channel: GoogleChannel, state: 'sync' | 'exists'): Promise<number> {
    const headers: Record<string, string> = {
      'x-goog-channel-id': channel.id,
      'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
      'x-goog-resource-id': channel.resourceId,
      'x-goog-resource-uri': RESOURCE_URI,
      'x-goog-resource-state': state,
      'x-goog-message-number': String((channel.messages += 1)),
    };
    if (channel.token) headers['x-goog-channel-token'] = channel.token;
    if (!deliverTo) return 0;
    const response = await fetch(deliverTo(channel.address), { method: 'POST', headers });
    await response.body?.cancel();
    return response.status;
  }

  function handleApi(request: LoopbackRequest): LoopbackAnswer {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (auth.accessTokenState(bearer) !== 'valid')
      return {
        status: 401,
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        body: {
          error: {
            code: 401,
            message:
              'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
            errors: [
              { message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' },
            ],
            status: 'UNAUTHENTICATED',
          },
        },
      };
    if (throttled && throttled.count > 0) {
      throttled.count -= 1;
      return {
        status: 429,
        headers: { 'retry-after': String(throttled.seconds) },
        body: errorBody(429, 'rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits'),
      };
    }
    const path = request.url.pathname.replace(/^\/calendar\/v3/, '');
    let body: Record<string, unknown> = {};
    if (request.body) {
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return { status: 400, body: errorBody(400, 'parseError', 'Parse Error') };
      }
    }
    if (path === '/freeBusy' && request.method === 'POST') return freeBusy(body);
    if (path === '/channels/stop' && request.method === 'POST') {
      const channel = typeof body.id === 'string' ? channels.get(body.id) : undefined;
      if (!channel || channel.stopped || channel.resourceId !== body.resourceId)
        return { status: 404, body: errorBody(404, 'notFound', `Channel '${String(body.id)}' not found for project`) };
      channel.stopped = true;
      return { status: 204 };
    }
    const watchMatch = /^\/calendars\/([^/]+)\/events\/watch$/.exec(path);
    if (watchMatch && request.method === 'POST') return watch(body);
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return { status: 404, body: errorBody(404, 'notFound', 'Not Found') };
    const calendarId = decodeURIComponent(match[1]!);
    if (calendarId !== 'primary' && calendarId !== FAKE_GOOGLE_OWNER) return { status: 404, body: errorBody(404, 'notFound', 'Not Found') };
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    const notify = request.url.searchParams.get('sendUpdates') === 'all';
    if (!eventId) {
      if (request.method === 'GET') return list(request.url);
      if (request.method !== 'POST') return { status: 405, body: errorBody(405, 'methodNotAllowed', 'Method Not Allowed') };
      const problem = timesProblem(body);
      if (problem) return { status: 400, body: errorBody(400, 'required', problem) };
      const id = typeof body.id === 'string' ? body.id : randomId();
      if (!BASE32HEX.test(id)) return { status: 400, body: errorBody(400, 'invalid', 'Invalid resource id value.') };
      if (events.has(id)) return { status: 409, body: errorBody(409, 'duplicate', 'The requested identifier already exists.') };
      const event = newEvent(body, id);
      stamp(event);
      events.set(id, event);
      if (notify && emails(event).length) notifications.push({ eventId: id, kind: 'invitation', to: emails(event) });
      return { status: 200, body: event };
    }
    const event = events.get(eventId);
    if (!event) return { status: 404, body: errorBody(404, 'notFound', 'Not Found') };
    if (request.method === 'GET') return { status: 200, body: event };
    const ifMatch = request.headers['if-match'];
    if (ifMatch && ifMatch !== event.etag)
      return {
        status: 412,
        body: errorBody(412, 'conditionNotMet', 'Precondition Failed', 'global', { locationType: 'header', location: 'If-Match' }),
      };
    if (request.method === 'DELETE') {
      if (event.status === 'cancelled') return { status: 410, body: errorBody(410, 'deleted', 'Resource has been deleted') };
      event.status = 'cancelled';
      event.sequence += 1;
      stamp(event);
      if (notify && emails(event).length) notifications.push({ eventId, kind: 'cancellation', to: emails(event) });
      return { status: 204 };
    }
    if (request.method === 'PATCH') {
      const changed = { ...event, ...pick(body) } as GoogleEvent;
      const problem = timesProblem(changed as unknown as Record<string, unknown>);
      if (problem) return { status: 400, body: errorBody(400, 'invalid', problem) };
      if (millis(changed.start) !== millis(event.start) || millis(changed.end) !== millis(event.end)) changed.sequence += 1;
      Object.assign(event, changed);
      stamp(event);
      if (notify && emails(event).length) notifications.push({ eventId, kind: 'update', to: emails(event) });
      return { status: 200, body: event };
    }
    return { status: 405, body: errorBody(405, 'methodNotAllowed', 'Method Not Allowed') };
  }

  const server = await startLoopbackServer((request) => auth.handle(request) ?? handleApi(request));
  const origin = server.origin;
  return {
    origin,
    config: {
      apiBaseUrl: `${origin}/calendar/v3`,
      tokenEndpoint: `${origin}/token`,
      revocationEndpoint: `${origin}/revoke`,
      ...FAKE_GOOGLE_CLIENT,
    },
    oauth: {
      authorizationEndpoint: `${origin}/o/oauth2/v2/auth`,
      tokenEndpoint: `${origin}/token`,
      revocationEndpoint: `${origin}/revoke`,
      ...FAKE_GOOGLE_CLIENT,
      scopes: ['https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.freebusy'],
    },
    auth,
    events,
    notifications,
    requests: server.requests,
    putEvent(input) {
      const existing = events.get(input.id);
      const event = existing
        ? (Object.assign(existing, pick(input as Record<string, unknown>)) as GoogleEvent)
        : newEvent(input as Record<string, unknown>, input.id);
      if (existing) event.sequence += 1;
      stamp(event);
      events.set(event.id, event);
      return event;
    },
    deleteEvent(id) {
      const event = events.get(id);
      if (!event) throw new Error(`no event ${id}`);
      event.status = 'cancelled';
      stamp(event);
    },
    throttle(count, seconds) {
      throttled = { count, seconds };
    },
    expireSyncTokens() {
      tokenEpoch += 1;
    },
    channels,
    async notify() {
      const open = [...channels.values()].filter((channel) => !channel.stopped && channel.expiration > now().getTime());
      const sent: Array<{ channelId: string; status: number }> = [];
      for (const channel of open) sent.push({ channelId: channel.id, status: await send(channel, 'exists') });
      return sent;
    },
    close: () => server.close(),
  };
}
