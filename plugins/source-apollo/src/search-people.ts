import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import { apolloSearchBody } from './apollo-request.ts';
import { ApolloSearchResponse, peopleOf } from './apollo-response.ts';
import type { ApolloConfig } from './config.ts';
import type { SearchPeopleInput, SearchPeopleOutput } from './manifest.ts';
import { providerCall } from '@meetflow/plugin-sdk';

/** Builds Apollo's searchPeople over the plugin's dependencies (one throttle per plugin instance). */
export function createSearchPeople({ http, clock, config, logger }: PluginDeps<ApolloConfig>) {
  const call = providerCall(http, clock, { provider: 'Apollo', ...config });
  return async function searchPeople(
    { criteria, limit, page }: z.output<typeof SearchPeopleInput>,
    context: ActivityContext,
  ): Promise<z.input<typeof SearchPeopleOutput>> {
    if (!config.apiKey) {
      throw ApplicationFailure.create({
        type: 'SourceNotConfigured',
        nonRetryable: true,
        message: 'Apollo is not configured: set apiKey in the source-apollo plugin settings',
      });
    }
    const answer = await call(
      `${config.baseUrl.replace(/\/$/, '')}/mixed_people/search`,
      {
        method: 'POST',
        headers: { 'x-api-key': config.apiKey, 'cache-control': 'no-cache' },
        body: apolloSearchBody(criteria, limit, page),
      },
      context.signal,
    );
    const parsed = ApolloSearchResponse.safeParse(answer);
    if (!parsed.success) {
      throw ApplicationFailure.create({
        type: 'SourceBadResponse',
        nonRetryable: true,
        message: `Apollo answered an unexpected shape: ${z.prettifyError(parsed.error)}`,
      });
    }
    const { people, skipped } = peopleOf(parsed.data, clock.now());
    if (skipped) logger.warn({ skipped }, 'Apollo people without a name or company were left out');
    // Apollo says how many pages there are; without it, a full page (saved contacts and people together) may have a next one.
    const pages = parsed.data.pagination?.total_pages;
    const onPage = (parsed.data.contacts?.length ?? 0) + (parsed.data.people?.length ?? 0);
    const hasMore = typeof pages === 'number' ? page < pages : onPage >= limit;
    return { people: people.slice(0, limit), sourceTotal: parsed.data.pagination?.total_entries ?? null, hasMore };
  };
}
