import { setTimeout as realSleep } from 'node:timers/promises';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { Clock } from '../deps.ts';
import { retryAfterSeconds } from '../http/retry-after.ts';
import { needsRefresh } from '../oauth/index.ts';

// The contract of a CRM (a plugin of kind `crm`): the sales team's system of record, written with
// the companies, contacts and activities Meetflow works on, and read for the companies and people
// discovery must leave alone (existing customers, open deals). Every activity takes one connected
// account's fields as `account` (an API token, or OAuth tokens), so all are `inProcess`: the
// platform calls them in its own process (inside its sync activity), never as a Temporal activity
// whose history would keep the secret.
//
// Every write is idempotent, keyed by Meetflow's own id of the object (`externalId`): running a
// sync twice, or retrying one cut short, leaves one record in the CRM (how each provider keys it
// is in its manifest's `crm.idempotency`).

const instant = z.iso.datetime({ offset: true }).describe('An instant, ISO 8601');

/** Meetflow's id of an object, the key every write is idempotent by (stored in the CRM beside the record). */
export const crmExternalIdSchema = z
  .string()
  .regex(/^[\w.:-]{1,100}$/, 'letters, digits and . _ : - only, at most 100')
  .describe("Meetflow's id of the object: the key that makes a write happen once");

/** A company's domain, lowercase, without scheme or www. */
export const crmDomainSchema = z
  .string()
  .transform((value) =>
    value
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/[/?#].*$/, ''),
  )
  .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a domain such as acme.com'));

/** A company to create or update. */
export const crmCompanySchema = z.object({
  externalId: crmExternalIdSchema,
  domain: crmDomainSchema,
  name: z.string().trim().min(1),
  industry: z.string().trim().min(1).nullable().default(null),
  employees: z.number().int().min(1).nullable().default(null),
});
export type CrmCompany = z.input<typeof crmCompanySchema>;

/** A contact (a prospect) to create or update; `companyExternalId` links it to a company upserted before. */
export const crmContactSchema = z.object({
  externalId: crmExternalIdSchema,
  email: z.email().transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1),
  title: z.string().trim().min(1).nullable().default(null),
  companyExternalId: crmExternalIdSchema.nullable().default(null),
  /**
   * Where Meetflow's scoring placed the prospect (null: not scored yet, or not changed by this write).
   * Each plugin writes it only into a field that is empty (the CRM wins for what a user edits).
   */
  stage: z.enum(['qualified', 'disqualified']).nullable().default(null),
});
export type CrmContact = z.input<typeof crmContactSchema>;

/** An email sent or received, or a meeting booked, to put on a contact's timeline. */
export const crmActivitySchema = z
  .object({
    externalId: crmExternalIdSchema,
    kind: z.enum(['email', 'meeting']),
    /** The contact it belongs to, as upserted before (its email finds it where the CRM keys contacts by email). */
    contactExternalId: crmExternalIdSchema,
    contactEmail: z.email().transform((email) => email.toLowerCase()),
    subject: z.string().trim().min(1).max(255),
    body: z.string().max(60_000).default(''),
    /** When the email was sent, or the meeting starts. */
    at: instant,
    /** When the meeting ends (meetings only; an hour after `at` when left out). */
    endAt: instant.nullable().default(null),
    /** An email's direction: sent by Meetflow, or the prospect's reply. */
    direction: z.enum(['outgoing', 'incoming']).default('outgoing'),
  })
  .refine(({ at, endAt }) => endAt === null || Date.parse(at) < Date.parse(endAt), { message: 'endAt must be after at', path: ['endAt'] });
export type CrmActivity = z.input<typeof crmActivitySchema>;

/**
 * OAuth tokens as a connected account carries them (the shape of `@meetflow/plugin-sdk/oauth`'s
 * OAuthTokens). An activity that had to refresh them answers the new ones as `refreshedTokens`:
 * the platform seals them in place of the old (a refresh token may be rotated, so the old one
 * can stop working).
 */
export const crmTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  expiresAt: instant,
  scope: z.string().optional(),
});
export type CrmTokens = z.output<typeof crmTokensSchema>;

const refreshed = { refreshedTokens: crmTokensSchema.optional() };

/** How one record was written: the CRM's id of it, and whether this call created it (false: it existed and was updated). */
export const crmWriteSchema = z.object({ externalId: z.string(), crmId: z.string().min(1), created: z.boolean() });
export type CrmWrite = z.output<typeof crmWriteSchema>;

/** Largest batch one upsert takes (HubSpot's batch limit; the others are called record by record or in collections of this size). */
export const CRM_BATCH_LIMIT = 100;

export const upsertCompaniesInput = z.object({ companies: z.array(crmCompanySchema).min(1).max(CRM_BATCH_LIMIT) });
export const upsertContactsInput = z.object({ contacts: z.array(crmContactSchema).min(1).max(CRM_BATCH_LIMIT) });
export const logActivityInput = z.object({ activity: crmActivitySchema });
export const listExclusionsInput = z.object({ cursor: z.string().min(1).nullable().default(null) });

/** What an upsert answers: one write per record, in the order given. */
export const crmUpsertsSchema = z.object({ results: z.array(crmWriteSchema), ...refreshed });
/** What `logActivity` answers: `created` false when it was logged before (a retry, a second sync). */
export const crmLoggedSchema = crmWriteSchema.extend(refreshed);

/** One company or person discovery must leave alone. */
export const crmExclusionSchema = z.object({
  /** A customer (an account of type Customer, a lifecycle stage customer, a won deal) or someone on an open deal. */
  reason: z.enum(['customer', 'open-deal']),
  /** The company's domain, when the CRM holds one. */
  domain: z.string().nullable(),
  /** A person's email, when the exclusion is a person. */
  email: z.string().nullable(),
  /** What the CRM calls it (a company or deal name), for the sync log. */
  name: z.string(),
  crmId: z.string().min(1),
});
export type CrmExclusion = z.output<typeof crmExclusionSchema>;

/** A page of exclusions; `nextCursor` asks for the next (null: that was the last). */
export const crmExclusionsSchema = z.object({
  exclusions: z.array(crmExclusionSchema),
  nextCursor: z.string().min(1).nullable(),
  ...refreshed,
});
export type CrmExclusions = z.output<typeof crmExclusionsSchema>;

/**
 * How a CRM activity fails (the `type` of the ApplicationFailure it throws); never a raw error.
 * The message names what was being done and, for a refused write, the provider's field in plain words.
 */
export const CRM_FAILURES = {
  /** The CRM refused the token (401/403, an OAuth refresh refused): someone must reconnect the account. Not retryable. */
  authRefused: 'CrmAuthRefused',
  /** No answer, a timeout, a 5xx or a 429 that outlasted the waits: retryable (after Retry-After when the CRM sent one). */
  unavailable: 'CrmUnavailable',
  /** The CRM refused the data (400, 422…): the message names the field. Not retryable: the same data fails again. */
  invalid: 'CrmInvalid',
  /** Any other refusal (a record or custom field that does not exist, a feature the plan lacks). Not retryable. */
  refused: 'CrmRefused',
} as const;
export type CrmFailureType = (typeof CRM_FAILURES)[keyof typeof CRM_FAILURES];

/** What a CRM failure carries in its details (the first detail). */
export interface CrmFailureDetails {
  status?: number;
  /** The provider's field a refused write names (e.g. "domain", "Meetflow_Id__c"). */
  field?: string;
  /** Seconds the CRM asked to wait (429 Retry-After). */
  retryAfterSeconds?: number;
}

/** The ApplicationFailure a CRM activity throws: retryable only for `unavailable`, then after Retry-After when known. */
export function crmFailure(type: CrmFailureType, message: string, details: CrmFailureDetails = {}): ApplicationFailure {
  return ApplicationFailure.create({
    type,
    message,
    nonRetryable: type !== CRM_FAILURES.unavailable,
    details: [details],
    ...(type === CRM_FAILURES.unavailable && details.retryAfterSeconds ? { nextRetryDelay: details.retryAfterSeconds * 1000 } : {}),
  });
}

/** True for a failure of this contract's (an ApplicationFailure whose type is one of CRM_FAILURES). */
export function isCrmFailure(error: unknown): error is ApplicationFailure {
  return (
    error instanceof ApplicationFailure && (Object.values(CRM_FAILURES) as Array<string | undefined>).includes(error.type ?? undefined)
  );
}

/** What a provider's error body says, read by its plugin: its message and the field it names, if any. */
export interface CrmErrorReading {
  message?: string;
  field?: string;
  /** True when the body says a limit was reached whatever the status (Salesforce answers REQUEST_LIMIT_EXCEEDED with 403): treated as a 429. */
  rateLimited?: boolean;
}

/** How a CRM is called: its name for messages, how long to wait, and how its error bodies read. */
export interface CrmHttpSettings {
  /** "HubSpot", "Pipedrive", "Salesforce". */
  provider: string;
  clock: Clock;
  /** Milliseconds one request may take. */
  timeoutMs: number;
  /** Tries of one request before it fails as unavailable (a 429, a 5xx, a timeout each use one). */
  attempts: number;
  /** The longest Retry-After waited for in process; a longer one fails at once as unavailable, carrying it. */
  maxRetryAfterSeconds: number;
  /** Reads the provider's error body (its JSON already parsed, or the text) into a message and a field. */
  readError(body: unknown, status: number): CrmErrorReading;
}

/** One request to a CRM. */
export interface CrmHttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** What is being done, for messages ("upserting companies"). */
  doing: string;
  /**
   * True when sending it twice does no harm (a read, an upsert by key): a 5xx or a timeout is then
   * tried again here. A create is not: its failure goes to the caller at once, whose retry looks
   * the record up before creating it (the first try may have created it before the answer was lost).
   */
  idempotent: boolean;
}

/** A CRM's answer: the status and the JSON body (null when empty). */
export interface CrmHttpResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

const sleeper = (clock: Clock) => (ms: number) => (clock.sleep ? clock.sleep(ms) : realSleep(ms));

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** 1 s, 2 s, 4 s… between tries after a 5xx or a timeout. */
const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 1);

/**
 * The request every CRM plugin makes, with the contract's failures and waits: a 429 waits its
 * Retry-After on the plugin's clock (at most `maxRetryAfterSeconds`) and tries again; a 5xx or a
 * timeout of an idempotent request waits 1 s, 2 s… and tries again; once `attempts` are used, or at
 * once for a create, it fails as `unavailable` (carrying Retry-After). 401/403 fail as
 * `authRefused`, 400/422 as `invalid` naming the provider's field, any other 4xx as `refused`.
 * `allow` lists statuses the caller reads itself (a 404 of a lookup).
 */
export async function crmRequest(
  settings: CrmHttpSettings,
  request: CrmHttpRequest,
  allow: readonly number[] = [],
): Promise<CrmHttpResponse> {
  const sleep = sleeper(settings.clock);
  const { provider } = settings;
  const { doing } = request;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= settings.attempts;
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      if (!last && request.idempotent) {
        await sleep(backoffMs(attempt));
        continue;
      }
      throw crmFailure(CRM_FAILURES.unavailable, `${doing}: ${provider} ${timedOut ? 'did not answer in time' : 'could not be reached'}`);
    }
    const body = parse(await response.text());
    const status = response.status;
    if (allow.includes(status) || (status >= 200 && status < 300)) return { status, body, headers: response.headers };
    const reading = settings.readError(body, status);
    if (status === 429 || reading.rateLimited) {
      const asked = retryAfterSeconds(response.headers.get('retry-after'), settings.clock.now());
      const wait = asked ?? backoffMs(attempt) / 1000;
      if (!last && wait <= settings.maxRetryAfterSeconds) {
        await sleep(wait * 1000);
        continue;
      }
      throw crmFailure(CRM_FAILURES.unavailable, `${doing}: ${provider}'s rate limit was reached (${status}), try again later`, {
        status,
        ...(asked === null ? {} : { retryAfterSeconds: asked }),
      });
    }
    if (status >= 500 || status === 408) {
      if (!last && request.idempotent) {
        await sleep(backoffMs(attempt));
        continue;
      }
      throw crmFailure(CRM_FAILURES.unavailable, `${doing}: ${provider} answered ${status}, try again later`, { status });
    }
    if (status === 401 || status === 403)
      throw crmFailure(
        CRM_FAILURES.authRefused,
        `${doing}: ${provider} refused the connection's credentials (${status}); reconnect the account`,
        { status },
      );
    const said = reading.message ? `: ${reading.message.replace(/\s+/g, ' ').trim().slice(0, 200)}` : '';
    if (status === 400 || status === 422)
      throw crmFailure(
        CRM_FAILURES.invalid,
        `${doing}: ${provider} refused ${reading.field ? `the field "${reading.field}"` : 'the data'} (${status})${said}`,
        { status, ...(reading.field ? { field: reading.field } : {}) },
      );
    throw crmFailure(CRM_FAILURES.refused, `${doing}: ${provider} refused it (${status})${said}`, {
      status,
      ...(reading.field ? { field: reading.field } : {}),
    });
  }
}

/** The host of a website address or domain, lowercase and without www (null when there is none). */
export function domainOf(website: string | null | undefined): string | null {
  if (!website) return null;
  const parsed = crmDomainSchema.safeParse(website);
  return parsed.success ? parsed.data : null;
}

/**
 * How a CRM account logs in: a token sent as it is (an API token, a private app's token), or OAuth
 * tokens refreshed when they expire. `refresh` is the plugin's (with `@meetflow/plugin-sdk/oauth`),
 * failing with the contract's failures (see crmRefreshFailure).
 */
export type CrmAuth =
  | { kind: 'token'; headers: Record<string, string> }
  | {
      kind: 'oauth';
      tokens: CrmTokens;
      refresh(tokens: CrmTokens): Promise<CrmTokens>;
      headers(accessToken: string): Record<string, string>;
      /** Seconds before `expiresAt` a token counts as expired (default 60). */
      skewSeconds?: number;
    };

/** A CRM account's requests: crmRequest with its login added, and OAuth tokens refreshed when due. */
export interface CrmClient {
  request(request: CrmHttpRequest, allow?: readonly number[]): Promise<CrmHttpResponse>;
  /** The tokens after a refresh in this client's calls (undefined when none was needed): answer them as `refreshedTokens`. */
  refreshedTokens(): CrmTokens | undefined;
}

/**
 * One account's client. With OAuth, a token due to expire (by the plugin's clock) is refreshed
 * before the call, and a call answered 401 is refreshed once and tried again (a token revoked or
 * expired early); a second 401 is `authRefused`.
 */
export function crmClient(settings: CrmHttpSettings, auth: CrmAuth): CrmClient {
  if (auth.kind === 'token') {
    return {
      request: (request, allow = []) => crmRequest(settings, { ...request, headers: { ...request.headers, ...auth.headers } }, allow),
      refreshedTokens: () => undefined,
    };
  }
  let tokens = auth.tokens;
  let refreshed: CrmTokens | undefined;
  const refresh = async () => {
    tokens = await auth.refresh(tokens);
    refreshed = tokens;
  };
  const send = (request: CrmHttpRequest, allow: readonly number[]) =>
    crmRequest(settings, { ...request, headers: { ...request.headers, ...auth.headers(tokens.accessToken) } }, [...allow, 401]);
  return {
    async request(request, allow = []) {
      if (needsRefresh(tokens, settings.clock.now(), auth.skewSeconds)) await refresh();
      let response = await send(request, allow);
      if (response.status === 401 && !allow.includes(401)) {
        await refresh();
        response = await send(request, allow);
        if (response.status === 401)
          throw crmFailure(
            CRM_FAILURES.authRefused,
            `${request.doing}: ${settings.provider} refused the connection's token (401); reconnect the account`,
            { status: 401 },
          );
      }
      return response;
    },
    refreshedTokens: () => refreshed,
  };
}

/**
 * The contract's failure for a failed token refresh: the OAuth helper's OAuthRefused (invalid_grant:
 * the grant was revoked or expired) is `authRefused`, anything else `unavailable` (retryable).
 */
export function crmRefreshFailure(error: unknown, provider: string): ApplicationFailure {
  if (isCrmFailure(error)) return error;
  if ((error as Error)?.name === 'OAuthRefused')
    return crmFailure(CRM_FAILURES.authRefused, `refreshing the connection: ${provider} refused the refresh token; reconnect the account`);
  return crmFailure(CRM_FAILURES.unavailable, `refreshing the connection: ${provider} could not be reached, try again later`);
}
