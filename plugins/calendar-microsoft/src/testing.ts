// A local stand-in for the Microsoft identity platform (v2.0 endpoints) and Microsoft Graph v1.0's
// calendar, for tests: written from Microsoft's published references, with their paths, statuses,
// response shapes and error bodies.
//
// - Authorization code flow with PKCE, offline_access, a new refresh token with each refresh (the old
//   one not revoked: https://learn.microsoft.com/en-us/entra/identity-platform/refresh-tokens), AADSTS errors:
//   https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow
// - List calendarView (Prefer: outlook.timezone, @odata.nextLink):
//   https://learn.microsoft.com/en-us/graph/api/calendar-list-calendarview
// - Create event (201): https://learn.microsoft.com/en-us/graph/api/calendar-post-events
// - Update event (PATCH, If-Match): https://learn.microsoft.com/en-us/graph/api/event-update
// - event: cancel (202, organizer only, "moves the event to the Deleted Items folder", 400 for an
//   attendee): https://learn.microsoft.com/en-us/graph/api/event-cancel
// - event: delta on a calendarView (nextLink pages, then a deltaLink; "@removed"):
//   https://learn.microsoft.com/en-us/graph/api/event-delta and
//   https://learn.microsoft.com/en-us/graph/delta-query-events
// - Delta tokens that expire (410 Gone, "SyncStateNotFound": start a full sync):
//   https://learn.microsoft.com/en-us/graph/delta-query-overview
// - Single-value extended properties, and $filter on them:
//   https://learn.microsoft.com/en-us/graph/api/singlevaluelegacyextendedproperty-get
// - Errors ({"error":{"code","message"}}) and throttling (429 with Retry-After):
//   https://learn.microsoft.com/en-us/graph/errors and https://learn.microsoft.com/en-us/graph/throttling
//
// - Change notifications: create subscription (POST /subscriptions: changeType, notificationUrl,
//   resource, expirationDateTime, clientState of at most 128 characters; the validation request
//   `POST <notificationUrl>?validationToken=…`, answered 200 text/plain with the token within 10
//   seconds, else 400 "Subscription validation request failed"; 201 with the subscription), update
//   (PATCH expirationDateTime), delete (204), at most 10080 minutes for Outlook events, and the
//   notification's JSON (`value[]`: subscriptionId, subscriptionExpirationDateTime, changeType,
//   resource, resourceData, clientState, tenantId) answered 202:
//   https://learn.microsoft.com/en-us/graph/api/subscription-post-subscriptions,
//   https://learn.microsoft.com/en-us/graph/api/subscription-update,
//   https://learn.microsoft.com/en-us/graph/api/subscription-delete,
//   https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks
//
// What it leaves out: recurring series (its events are single instances), time zones other than
// UTC or an offset in event times, Teams meetings, lifecycle notifications and rich (resource data)
// notifications. It sends change notifications when the test says (`notify`), not by itself.
import { randomUUID } from 'node:crypto';
import {
  fakeAuthorizationServer,
  startLoopbackServer,
  type FakeAuthorizationServer,
  type LoopbackAnswer,
  type LoopbackRequest,
} from '@meetflow/plugin-sdk/oauth/testing';

export const FAKE_MICROSOFT_CLIENT = { clientId: '8f3b2c1a-4d5e-4f60-9a7b-1c2d3e4f5a6b', clientSecret: 'fake~secret.value' };
export const FAKE_MICROSOFT_OWNER = { name: 'Rep Acme', address: 'rep@acme.test' };

type DateTimeTimeZone = { dateTime: string; timeZone: string };
type EmailAddress = { name?: string; address: string };

/** An event as Graph answers it (the properties Meetflow reads and writes). */
export interface GraphEvent {
  '@odata.etag': string;
  id: string;
  createdDateTime: string;
  lastModifiedDateTime: string;
  changeKey: string;
  iCalUId: string;
  subject: string;
  bodyPreview: string;
  body: { contentType: 'text' | 'html'; content: string };
  start: DateTimeTimeZone;
  end: DateTimeTimeZone;
  location: { displayName: string };
  attendees: Array<{ type: 'required' | 'optional'; status: { response: string; time: string }; emailAddress: EmailAddress }>;
  organizer: { emailAddress: EmailAddress };
  isOrganizer: boolean;
  isCancelled: boolean;
  showAs: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  type: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  transactionId: string | null;
  singleValueExtendedProperties?: Array<{ id: string; value: string }>;
}

export interface GraphNotification {
  eventId: string;
  kind: 'invitation' | 'update' | 'cancellation';
  to: string[];
  comment?: string;
}

export interface FakeMicrosoft {
  origin: string;
  config: { apiBaseUrl: string; tokenEndpoint: string; clientId: string; clientSecret: string };
  oauth: { authorizationEndpoint: string; tokenEndpoint: string; clientId: string; clientSecret: string; scopes: string[] };
  auth: FakeAuthorizationServer;
  /** The default calendar's events by id (cancelled ones are in Deleted Items: `deletedItems`). */
  events: Map<string, GraphEvent>;
  deletedItems: Map<string, GraphEvent>;
  notifications: GraphNotification[];
  requests: LoopbackRequest[];
  /** Another client writes an event (new, or a change to one): a new etag, and it shows in the next delta. */
  putEvent(event: Partial<GraphEvent> & { id: string; start: DateTimeTimeZone; end: DateTimeTimeZone }): GraphEvent;
  /** Another client deletes an event. */
  deleteEvent(id: string): void;
  /** The next `count` Graph requests answer 429 with Retry-After `seconds`. */
  throttle(count: number, seconds: number): void;
  /** Every delta token issued so far is forgotten (410 SyncStateNotFound). */
  expireDeltaTokens(): void;
  /** The subscriptions made, by id (deleted ones removed). */
  subscriptions: Map<string, GraphSubscription>;
  /**
   * Sends a change notification (`updated`, for `eventId`) to every subscription not expired, as
   * Graph does after a change; answers each subscription's id and the status its URL answered (0: not sent, no `deliverTo`).
   */
  notify(eventId: string): Promise<Array<{ subscriptionId: string; status: number }>>;
  close(): Promise<void>;
}

/** A subscription as the fake keeps it. */
export interface GraphSubscription {
  id: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  clientState: string | null;
  expirationDateTime: string;
}

/**
 * Where a notification to `url` is sent: the test maps the https URL onto its local server. Without
 * it, nothing is sent (a test never calls out to the internet): the URL reads as unreachable, so a
 * subscription's validation fails.
 */
export type DeliverTo = (url: string) => string;

/** The longest an Outlook event subscription may last (minutes). */
export const MAX_EVENT_SUBSCRIPTION_MINUTES = 10_080;
const TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

const graphError = (code: string, message: string) => ({
  error: {
    code,
    message,
    innerError: { date: '2026-11-30T09:00:00', 'request-id': 'fake-request', 'client-request-id': 'fake-client-request' },
  },
});
const graphTime = (millis: number): DateTimeTimeZone => ({
  dateTime: new Date(millis).toISOString().replace('Z', '0000'),
  timeZone: 'UTC',
});

/** A Graph dateTimeTimeZone as epoch ms (UTC, or an ISO time with an offset); NaN when it is neither. */
function millisOf(time: Partial<DateTimeTimeZone> | undefined): number {
  if (!time?.dateTime) return NaN;
  if (/[zZ]|[+-]\d\d:\d\d$/.test(time.dateTime)) return Date.parse(time.dateTime);
  if (time.timeZone && time.timeZone !== 'UTC') return NaN;
  return Date.parse(`${time.dateTime.replace(/(\.\d{3})\d+$/, '$1')}Z`);
}

/** Starts the fake on a free loopback port; its tokens and events live on `now` (the test's clock). */
export async function startFakeMicrosoft(options: {
  now: () => Date;
  accessTokenLifetimeSeconds?: number;
  deliverTo?: DeliverTo;
}): Promise<FakeMicrosoft> {
  const { now } = options;
  const deliverTo = options.deliverTo ?? null;
  const subscriptions = new Map<string, GraphSubscription>();
  const tenant = 'common';
  const auth = fakeAuthorizationServer({
    ...FAKE_MICROSOFT_CLIENT,
    now,
    paths: { authorize: `/${tenant}/oauth2/v2.0/authorize`, token: `/${tenant}/oauth2/v2.0/token` },
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? 3599,
    rotateRefreshTokens: true,
    errorBody: (error, description) => ({
      error,
      error_description: `AADSTS70008: ${description}`,
      error_codes: [70008],
      timestamp: now().toISOString().replace('T', ' ').replace('Z', 'Z'),
      trace_id: 'fake-trace',
      correlation_id: 'fake-correlation',
      error_uri: 'https://login.microsoftonline.com/error?code=70008',
    }),
  });
  const events = new Map<string, GraphEvent>();
  const deletedItems = new Map<string, GraphEvent>();
  const changedAt = new Map<string, number>();
  const notifications: GraphNotification[] = [];
  let version = 1;
  let epoch = 0;
  let counter = 0;
  let throttled: { count: number; seconds: number } | null = null;
  let server: Awaited<ReturnType<typeof startLoopbackServer>>;

  const stamp = (event: GraphEvent) => {
    counter += 1;
    event.changeKey = Buffer.from(`ck-${counter}`).toString('base64');
    event['@odata.etag'] = `W/"${event.changeKey}"`;
    event.lastModifiedDateTime = now().toISOString();
    version += 1;
    changedAt.set(event.id, version);
  };
  const newId = () => {
    counter += 1;
    return `AAMkAGI2TG93AAA${Buffer.from(`event-${counter}-${Math.random()}`).toString('base64url')}=`;
  };
  const others = (event: GraphEvent) => event.attendees.map((attendee) => attendee.emailAddress.address);

  function apply(event: GraphEvent, body: Record<string, unknown>): string | null {
    if ('subject' in body) event.subject = String(body.subject ?? '');
    if ('body' in body) {
      const content = body.body as { contentType?: string; content?: string } | null;
      event.body = { contentType: content?.contentType === 'html' ? 'html' : 'text', content: content?.content ?? '' };
      event.bodyPreview = event.body.content.slice(0, 255);
    }
    if ('location' in body) event.location = { displayName: (body.location as { displayName?: string } | null)?.displayName ?? '' };
    if ('showAs' in body) event.showAs = body.showAs as GraphEvent['showAs'];
    if ('attendees' in body)
      event.attendees = ((body.attendees as Array<{ emailAddress: EmailAddress; type?: 'required' | 'optional' }> | null) ?? []).map(
        (attendee) => ({
          type: attendee.type ?? 'required',
          status: { response: 'none', time: '0001-01-01T00:00:00Z' },
          emailAddress: attendee.emailAddress,
        }),
      );
    for (const key of ['start', 'end'] as const) {
      if (!(key in body)) continue;
      const value = body[key] as Partial<DateTimeTimeZone> | undefined;
      const millis = millisOf(value);
      if (!Number.isFinite(millis)) return `The ${key} time is not valid.`;
      event[key] = graphTime(millis);
    }
    if (millisOf(event.end) <= millisOf(event.start)) return 'The end time must be after the start time.';
    return null;
  }

  function created(body: Record<string, unknown>, id = newId()): GraphEvent | string {
    const at = now().toISOString();
    const event: GraphEvent = {
      '@odata.etag': '',
      id,
      createdDateTime: at,
      lastModifiedDateTime: at,
      changeKey: '',
      iCalUId: `040000008200E00074C5B7101A82E008000000006${Buffer.from(id).toString('hex').slice(0, 40).toUpperCase()}`,
      subject: '',
      bodyPreview: '',
      body: { contentType: 'text', content: '' },
      start: { dateTime: '', timeZone: 'UTC' },
      end: { dateTime: '', timeZone: 'UTC' },
      location: { displayName: '' },
      attendees: [],
      organizer: { emailAddress: FAKE_MICROSOFT_OWNER },
      isOrganizer: true,
      isCancelled: false,
      showAs: 'busy',
      type: 'singleInstance',
      transactionId: typeof body.transactionId === 'string' ? body.transactionId : null,
      ...(Array.isArray(body.singleValueExtendedProperties)
        ? { singleValueExtendedProperties: body.singleValueExtendedProperties as Array<{ id: string; value: string }> }
        : {}),
    };
    if (!body.start || !body.end) return 'The start and end times are required.';
    const problem = apply(event, body);
    return problem ?? event;
  }

  /** The event as Graph answers it: extended properties only when $expand asks for them. */
  const shown = (event: GraphEvent, url: URL) => {
    const { singleValueExtendedProperties, ...rest } = event;
    return /singleValueExtendedProperties/.test(url.searchParams.get('$expand') ?? '') && singleValueExtendedProperties
      ? { ...rest, singleValueExtendedProperties }
      : rest;
  };

  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const decode = <T>(value: string): T | null => {
    try {
      return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  };
  const inWindow = (event: GraphEvent, start: number, end: number) => millisOf(event.start) < end && millisOf(event.end) > start;

  function calendarView(url: URL): LoopbackAnswer {
    const start = Date.parse(url.searchParams.get('startDateTime') ?? '');
    const end = Date.parse(url.searchParams.get('endDateTime') ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end))
      return {
        status: 400,
        body: graphError(
          'ErrorInvalidParameter',
          'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
        ),
      };
    const top = Math.min(Number(url.searchParams.get('$top') ?? 10) || 10, 1000);
    const skip = Number(url.searchParams.get('$skip') ?? 0) || 0;
    const all = [...events.values()].filter((event) => inWindow(event, start, end)).sort((a, b) => millisOf(a.start) - millisOf(b.start));
    const page = all.slice(skip, skip + top);
    const next = new URL(url.pathname + url.search, server.origin);
    next.searchParams.set('$skip', String(skip + top));
    return {
      status: 200,
      headers: { 'preference-applied': 'outlook.timezone="UTC"' },
      body: {
        '@odata.context': `${server.origin}/v1.0/$metadata#users('rep')/calendar/calendarView`,
        value: page.map((event) => shown(event, url)),
        ...(skip + top < all.length ? { '@odata.nextLink': next.href } : {}),
      },
    };
  }

  function delta(url: URL, prefer: string): LoopbackAnswer {
    const deltaToken = url.searchParams.get('$deltatoken');
    const skipToken = url.searchParams.get('$skiptoken');
    type State = { since: number | null; start: number; end: number; epoch: number; offset?: number };
    let state: State | null;
    if (deltaToken || skipToken) {
      state = decode<State>((deltaToken ?? skipToken)!);
      if (!state || state.epoch !== epoch)
        return {
          status: 410,
          body: graphError(
            'SyncStateNotFound',
            'The sync state generation is not found. The delta token is expired and data must be synchronized again.',
          ),
        };
      if (deltaToken) state = { ...state, offset: 0 };
    } else {
      const start = Date.parse(url.searchParams.get('startDateTime') ?? '');
      const end = Date.parse(url.searchParams.get('endDateTime') ?? '');
      if (!Number.isFinite(start) || !Number.isFinite(end))
        return { status: 400, body: graphError('ErrorInvalidParameter', 'The startDateTime and endDateTime parameters are required.') };
      state = { since: null, start, end, epoch, offset: 0 };
    }
    const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1] ?? 50);
    const ids = new Set<string>();
    for (const [id, at] of changedAt) if (state.since === null || at > state.since) ids.add(id);
    const rows: object[] = [];
    for (const id of [...ids].sort((a, b) => (changedAt.get(a) ?? 0) - (changedAt.get(b) ?? 0))) {
      const event = events.get(id);
      if (event && inWindow(event, state.start, state.end)) rows.push(event);
      else if (state.since !== null) rows.push({ '@odata.type': '#microsoft.graph.event', id, '@removed': { reason: 'deleted' } });
    }
    const offset = state.offset ?? 0;
    const page = rows.slice(offset, offset + pageSize);
    const base = `${server.origin}/v1.0/me/calendarView/delta`;
    const link =
      offset + pageSize < rows.length
        ? { '@odata.nextLink': `${base}?$skiptoken=${encode({ ...state, offset: offset + pageSize })}` }
        : { '@odata.deltaLink': `${base}?$deltatoken=${encode({ since: version, start: state.start, end: state.end, epoch })}` };
    return { status: 200, body: { '@odata.context': `${server.origin}/v1.0/$metadata#Collection(event)`, ...link, value: page } };
  }

  function byExtendedProperty(url: URL): LoopbackAnswer | null {
    const filter = url.searchParams.get('$filter');
    if (!filter) return null;
    const match = /^singleValueExtendedProperties\/Any\(ep: ep\/id eq '(.+?)' and ep\/value eq '(.*)'\)$/.exec(filter);
    if (!match) return { status: 400, body: graphError('BadRequest', 'Invalid filter clause') };
    const [, id, value] = match as unknown as [string, string, string];
    const wanted = value.replace(/''/g, "'");
    const found = [...events.values()].filter((event) =>
      (event.singleValueExtendedProperties ?? []).some(
        (property) => property.id.toLowerCase() === id.toLowerCase() && property.value === wanted,
      ),
    );
    return {
      status: 200,
      body: {
        '@odata.context': `${server.origin}/v1.0/$metadata#users('rep')/calendar/events`,
        value: found.map((event) => shown(event, url)),
      },
    };
  }

  function handleGraph(request: LoopbackRequest): LoopbackAnswer {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const state = auth.accessTokenState(bearer);
    if (state !== 'valid')
      return {
        status: 401,
        headers: {
          'www-authenticate':
            'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
        },
        body: graphError(
          'InvalidAuthenticationToken',
          state === 'expired' ? 'Lifetime validation failed, the token is expired.' : 'IDX14100: JWT is not well formed.',
        ),
      };
    if (throttled && throttled.count > 0) {
      throttled.count -= 1;
      return {
        status: 429,
        headers: { 'retry-after': String(throttled.seconds) },
        body: graphError('ApplicationThrottled', 'Application is over its MailboxConcurrency limit.'),
      };
    }
    const url = request.url;
    const path = url.pathname.replace(/^\/v1\.0/, '');
    let body: Record<string, unknown> = {};
    if (request.body) {
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return { status: 400, body: graphError('BadRequest', 'Unable to read JSON request payload.') };
      }
    }
    if (path === '/me/calendar/calendarView' && request.method === 'GET') return calendarView(url);
    if (path === '/me/calendarView/delta' && request.method === 'GET') return delta(url, String(request.headers.prefer ?? ''));
    if (path === '/me/calendar/events' && request.method === 'GET')
      return byExtendedProperty(url) ?? { status: 200, body: { value: [...events.values()].map((event) => shown(event, url)) } };
    if (path === '/me/calendar/events' && request.method === 'POST') {
      const event = created(body);
      if (typeof event === 'string') return { status: 400, body: graphError('ErrorInvalidRequest', event) };
      stamp(event);
      events.set(event.id, event);
      if (others(event).length) notifications.push({ eventId: event.id, kind: 'invitation', to: others(event) });
      return { status: 201, headers: { location: `${server.origin}/v1.0/me/events('${event.id}')` }, body: shown(event, url) };
    }
    const match = /^\/me(?:\/calendar)?\/events\/([^/]+)(\/cancel)?$/.exec(path);
    if (!match) return { status: 400, body: graphError('BadRequest', `Resource not found for the segment '${path.split('/').at(-1)}'.`) };
    const id = decodeURIComponent(match[1]!);
    const event = events.get(id);
    if (!event) {
      const deleted = deletedItems.get(id);
      if (deleted && request.method === 'GET') return { status: 200, body: shown(deleted, url) };
      return { status: 404, body: graphError('ErrorItemNotFound', 'The specified object was not found in the store.') };
    }
    if (request.method === 'GET' && !match[2]) return { status: 200, body: shown(event, url) };
    const ifMatch = request.headers['if-match'];
    if (ifMatch && ifMatch !== event['@odata.etag'])
      return {
        status: 412,
        body: graphError(
          'ErrorIrresolvableConflict',
          'The send or update operation could not be performed because the change key passed in the request does not match the current change key for the item.',
        ),
      };
    if (match[2] && request.method === 'POST') {
      if (!event.isOrganizer)
        return {
          status: 400,
          body: graphError('ErrorAccessDenied', "Your request can't be completed. You need to be an organizer to cancel a meeting."),
        };
      events.delete(id);
      event.isCancelled = true;
      stamp(event);
      deletedItems.set(id, event);
      if (others(event).length)
        notifications.push({
          eventId: id,
          kind: 'cancellation',
          to: others(event),
          ...(typeof body.comment === 'string' ? { comment: body.comment } : {}),
        });
      return { status: 202 };
    }
    if (request.method === 'PATCH' && !match[2]) {
      const copy = structuredClone(event);
      const problem = apply(copy, body);
      if (problem) return { status: 400, body: graphError('ErrorInvalidRequest', problem) };
      Object.assign(event, copy);
      stamp(event);
      if (others(event).length) notifications.push({ eventId: id, kind: 'update', to: others(event) });
      return { status: 200, body: shown(event, url) };
    }
    if (request.method === 'DELETE' && !match[2]) {
      events.delete(id);
      version += 1;
      changedAt.set(id, version);
      return { status: 204 };
    }
    return { status: 405, body: graphError('ErrorInvalidRequest', 'The OData request is not supported.') };
  }

  const subscriptionView = (sub: GraphSubscription) => ({
    '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity',
    id: sub.id,
    resource: sub.resource,
    applicationId: FAKE_MICROSOFT_CLIENT.clientId,
    changeType: sub.changeType,
    clientState: sub.clientState,
    notificationUrl: sub.notificationUrl,
    expirationDateTime: sub.expirationDateTime,
    creatorId: 'fake-creator',
    latestSupportedTlsVersion: 'v1_2',
  });
  /** Why an expiration is refused, or null. */
  const expirationProblem = (value: unknown): string | null => {
    const at = typeof value === 'string' ? Date.parse(value) : NaN;
    if (!Number.isFinite(at) || at <= now().getTime()) return 'Subscription expiration must be in the future.';
    if (at - now().getTime() > MAX_EVENT_SUBSCRIPTION_MINUTES * 60_000)
      return `Subscription expiration can only be ${MAX_EVENT_SUBSCRIPTION_MINUTES} minutes in the future.`;
    return null;
  };

  /** /subscriptions: async, for the validation request made before a subscription is created. */
  async function handleSubscriptions(request: LoopbackRequest): Promise<LoopbackAnswer> {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (auth.accessTokenState(bearer) !== 'valid') return handleGraph(request); // its 401
    let body: Record<string, unknown> = {};
    if (request.body) {
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return { status: 400, body: graphError('BadRequest', 'Unable to read JSON request payload.') };
      }
    }
    const id = /^\/v1\.0\/subscriptions(?:\/([^/]+))?$/.exec(request.url.pathname)?.[1];
    if (!id && request.method === 'POST') {
      const { changeType, notificationUrl, resource, expirationDateTime, clientState } = body as Record<string, string | undefined>;
      if (!changeType || !notificationUrl || !resource || !expirationDateTime)
        return {
          status: 400,
          body: graphError('InvalidRequest', 'changeType, notificationUrl, resource and expirationDateTime are required.'),
        };
      if (!URL.canParse(notificationUrl) || new URL(notificationUrl).protocol !== 'https:')
        return { status: 400, body: graphError('InvalidRequest', 'The notification URL must be an HTTPS URL.') };
      if (clientState !== undefined && clientState.length > 128)
        return { status: 400, body: graphError('InvalidRequest', 'clientState must be at most 128 characters.') };
      const problem = expirationProblem(expirationDateTime);
      if (problem) return { status: 400, body: graphError('InvalidRequest', problem) };
      // The validation request: the token echoed as text/plain, 200, within 10 seconds.
      const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
      const validated = await (deliverTo
        ? fetch(
            `${deliverTo(notificationUrl)}${notificationUrl.includes('?') ? '&' : '?'}validationToken=${encodeURIComponent(validationToken)}`,
            {
              method: 'POST',
              headers: { 'content-type': 'text/plain; charset=utf-8' },
              signal: AbortSignal.timeout(10_000),
            },
          )
            .then(
              async (response) =>
                response.status === 200 &&
                /^text\/plain/.test(response.headers.get('content-type') ?? '') &&
                (await response.text()) === validationToken,
            )
            .catch(() => false)
        : Promise.resolve(false));
      if (!validated)
        return {
          status: 400,
          body: graphError(
            'ValidationError',
            'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
          ),
        };
      const sub: GraphSubscription = {
        id: randomUUID(),
        resource,
        changeType,
        notificationUrl,
        clientState: clientState ?? null,
        expirationDateTime: new Date(Date.parse(expirationDateTime)).toISOString(),
      };
      subscriptions.set(sub.id, sub);
      return { status: 201, body: subscriptionView(sub) };
    }
    const sub = id ? subscriptions.get(decodeURIComponent(id)) : undefined;
    if (!sub) return { status: 404, body: graphError('ResourceNotFound', 'The object was not found.') };
    if (request.method === 'PATCH') {
      const problem = expirationProblem(body.expirationDateTime);
      if (problem) return { status: 400, body: graphError('InvalidRequest', problem) };
      sub.expirationDateTime = new Date(Date.parse(String(body.expirationDateTime))).toISOString();
      return { status: 200, body: subscriptionView(sub) };
    }
    if (request.method === 'DELETE') {
      subscriptions.delete(sub.id);
      return { status: 204 };
    }
    return { status: 405, body: graphError('ErrorInvalidRequest', 'The OData request is not supported.') };
  }

  server = await startLoopbackServer(
    (request) =>
      auth.handle(request) ??
      (/^\/v1\.0\/subscriptions(\/|$)/.test(request.url.pathname) ? handleSubscriptions(request) : handleGraph(request)),
  );
  const origin = server.origin;
  return {
    origin,
    config: { apiBaseUrl: `${origin}/v1.0`, tokenEndpoint: `${origin}/${tenant}/oauth2/v2.0/token`, ...FAKE_MICROSOFT_CLIENT },
    oauth: {
      authorizationEndpoint: `${origin}/${tenant}/oauth2/v2.0/authorize`,
      tokenEndpoint: `${origin}/${tenant}/oauth2/v2.0/token`,
      ...FAKE_MICROSOFT_CLIENT,
      scopes: ['offline_access', 'https://graph.microsoft.com/Calendars.ReadWrite'],
    },
    auth,
    events,
    deletedItems,
    notifications,
    requests: server.requests,
    putEvent(input) {
      const existing = events.get(input.id);
      if (existing) {
        const problem = apply(existing, input as unknown as Record<string, unknown>);
        if (problem) throw new Error(problem);
        stamp(existing);
        return existing;
      }
      const event = created({ ...input, organizer: undefined }, input.id);
      if (typeof event === 'string') throw new Error(event);
      if (input.isOrganizer === false) event.isOrganizer = false;
      stamp(event);
      events.set(event.id, event);
      return event;
    },
    deleteEvent(id) {
      if (!events.delete(id)) throw new Error(`no event ${id}`);
      version += 1;
      changedAt.set(id, version);
    },
    throttle(count, seconds) {
      throttled = { count, seconds };
    },
    expireDeltaTokens() {
      epoch += 1;
    },
    subscriptions,
    async notify(eventId) {
      const live = [...subscriptions.values()].filter((sub) => Date.parse(sub.expirationDateTime) > now().getTime());
      const sent: Array<{ subscriptionId: string; status: number }> = [];
      for (const sub of live) {
        if (!deliverTo) {
          sent.push({ subscriptionId: sub.id, status: 0 });
          continue;
        }
        const response = await fetch(deliverTo(sub.notificationUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            value: [
              {
                subscriptionId: sub.id,
                subscriptionExpirationDateTime: sub.expirationDateTime,
                changeType: 'updated',
                resource: `Users/${FAKE_MICROSOFT_OWNER.address}/Events/${eventId}`,
                resourceData: {
                  '@odata.type': '#Microsoft.Graph.Event',
                  '@odata.id': `Users/${FAKE_MICROSOFT_OWNER.address}/Events/${eventId}`,
                  id: eventId,
                },
                clientState: sub.clientState,
                tenantId: TENANT_ID,
              },
            ],
          }),
        });
        await response.body?.cancel();
        sent.push({ subscriptionId: sub.id, status: response.status });
      }
      return sent;
    },
    close: () => server.close(),
  };
}
