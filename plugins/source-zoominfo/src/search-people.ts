import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { ZoominfoConfig } from './config.ts';
import type { SearchPeopleInput, SearchPeopleOutput } from './manifest.ts';
import { providerCall } from '@meetflow/plugin-sdk';
import { contactSearchBody } from './zoominfo-request.ts';
import { AuthenticateAnswer, ContactSearchAnswer, toDiscoveredPerson } from './zoominfo-response.ts';

// ZoomInfo's JWT lives one hour; renewing five minutes early avoids using one that expires in flight.
const TOKEN_LIFETIME_MS = 55 * 60 * 1000;

function parsed<S extends z.ZodType>(schema: S, answer: unknown, what: string): z.output<S> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  throw ApplicationFailure.create({
    type: 'SourceBadResponse',
    nonRetryable: true,
    message: `ZoomInfo answered ${what} with an unexpected shape: ${z.prettifyError(result.error)}`,
  });
}

/** Builds ZoomInfo's searchPeople: authenticates (JWT kept for 55 minutes), then searches contacts. */
export function createSearchPeople({ http, clock, config, logger }: PluginDeps<ZoominfoConfig>) {
  const call = providerCall(http, clock, { provider: 'ZoomInfo', ...config });
  const base = config.baseUrl.replace(/\/$/, '');
  let token: { jwt: string; expiresAt: number } | null = null;

  async function jwt(signal: AbortSignal): Promise<string> {
    if (token && token.expiresAt > clock.now().getTime()) return token.jwt;
    const answer = await call(
      `${base}/authenticate`,
      { method: 'POST', body: { username: config.username, password: config.apiKey } },
      signal,
    );
    token = { jwt: parsed(AuthenticateAnswer, answer, 'authenticate').jwt, expiresAt: clock.now().getTime() + TOKEN_LIFETIME_MS };
    return token.jwt;
  }

  async function searchContacts(body: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const send = async () =>
      call(`${base}/search/contact`, { method: 'POST', headers: { authorization: `Bearer ${await jwt(signal)}` }, body }, signal);
    try {
      return await send();
    } catch (error) {
      // A token revoked before its hour is up: authenticate once more, then let a refusal stand.
      if (!(error instanceof ApplicationFailure && error.type === 'SourceAuthFailed' && token)) throw error;
      token = null;
      return send();
    }
  }

  return async function searchPeople(
    { criteria, limit, page }: z.output<typeof SearchPeopleInput>,
    context: ActivityContext,
  ): Promise<z.input<typeof SearchPeopleOutput>> {
    if (!config.username || !config.apiKey) {
      throw ApplicationFailure.create({
        type: 'SourceNotConfigured',
        nonRetryable: true,
        message: 'ZoomInfo is not configured: set username and apiKey (the API password) in the source-zoominfo plugin settings',
      });
    }
    const answer = parsed(
      ContactSearchAnswer,
      await searchContacts(contactSearchBody(criteria, limit, page), context.signal),
      'a contact search',
    );
    const contacts = answer.data ?? [];
    const people = contacts.map(toDiscoveredPerson).filter((person) => person !== null);
    if (people.length < contacts.length)
      logger.warn({ skipped: contacts.length - people.length }, 'ZoomInfo contacts without a name or company were left out');
    // ZoomInfo says how many match in all; without it, a full page may have a next one.
    const hasMore = typeof answer.totalResults === 'number' ? page * limit < answer.totalResults : contacts.length >= limit;
    return { people: people.slice(0, limit), sourceTotal: answer.totalResults ?? null, hasMore };
  };
}
