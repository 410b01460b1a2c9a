import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { CrunchbaseConfig } from './config.ts';
import { companyPredicates, MAX_SEARCH_LIMIT, organizationSearchBody, peopleSearchBody, type Predicate } from './crunchbase-request.ts';
import { OrganizationSearchAnswer, PeopleSearchAnswer, toDiscoveredPerson } from './crunchbase-response.ts';
import type { SearchPeopleInput, SearchPeopleOutput } from './manifest.ts';
import { providerCall } from '@meetflow/plugin-sdk';

function parsed<S extends z.ZodType>(schema: S, answer: unknown, what: string): z.output<S> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  throw ApplicationFailure.create({
    type: 'SourceBadResponse',
    nonRetryable: true,
    message: `Crunchbase answered ${what} with an unexpected shape: ${z.prettifyError(result.error)}`,
  });
}

/**
 * Builds Crunchbase's searchPeople: companies matching the industry/size/revenue criteria first,
 * then people with the job titles at those companies (without company criteria: people first,
 * then their companies looked up by id), so each person carries the company's facts.
 */
export function createSearchPeople({ http, clock, config, logger }: PluginDeps<CrunchbaseConfig>) {
  const call = providerCall(http, clock, { provider: 'Crunchbase', ...config });
  const base = config.baseUrl.replace(/\/$/, '');
  return async function searchPeople(
    { criteria, limit, page }: z.output<typeof SearchPeopleInput>,
    context: ActivityContext,
  ): Promise<z.input<typeof SearchPeopleOutput>> {
    if (!config.apiKey) {
      throw ApplicationFailure.create({
        type: 'SourceNotConfigured',
        nonRetryable: true,
        message: 'Crunchbase is not configured: set apiKey in the source-crunchbase plugin settings',
      });
    }
    const search = async <S extends z.ZodType>(collection: string, body: unknown, schema: S) =>
      parsed(
        schema,
        await call(`${base}/searches/${collection}`, { method: 'POST', headers: { 'x-cb-user-key': config.apiKey }, body }, context.signal),
        `a ${collection} search`,
      );
    const organizationsBy = async (predicates: Predicate[], count: number) =>
      new Map(
        (await search('organizations', organizationSearchBody(predicates, count), OrganizationSearchAnswer)).entities.map((entity) => [
          entity.uuid,
          entity.properties,
        ]),
      );

    const conditions = companyPredicates(criteria);
    let organizations = conditions.length ? await organizationsBy(conditions, config.maxOrganizations) : null;
    if (organizations?.size === 0) return { people: [], sourceTotal: 0, hasMore: false };
    const companyIds = organizations ? [...organizations.keys()] : null;
    // Crunchbase pages by cursor (`after_id`, the uuid of the last person before), not by number: page n
    // starts after the first (n - 1) × limit people, skipped in searches of up to 1000 that read identifiers only.
    let afterId: string | undefined;
    for (let skip = (page - 1) * limit; skip > 0;) {
      const step = Math.min(skip, MAX_SEARCH_LIMIT);
      const skipped = await search('people', peopleSearchBody(criteria, companyIds, step, afterId, ['identifier']), PeopleSearchAnswer);
      afterId = skipped.entities.at(-1)?.uuid;
      if (!afterId || skipped.entities.length < step) return { people: [], sourceTotal: skipped.count ?? null, hasMore: false };
      skip -= step;
    }
    const people = await search('people', peopleSearchBody(criteria, companyIds, limit, afterId), PeopleSearchAnswer);
    if (!organizations) {
      const ids = [...new Set(people.entities.flatMap((entity) => entity.properties.primary_organization?.uuid ?? []))];
      organizations = ids.length
        ? await organizationsBy([{ type: 'predicate', field_id: 'uuid', operator_id: 'includes', values: ids }], ids.length)
        : new Map();
    }
    const found = people.entities
      .map(({ properties }) =>
        toDiscoveredPerson(properties, organizations.get(properties.primary_organization?.uuid ?? ''), criteria.industry, clock.now()),
      )
      .filter((person) => person !== null);
    if (found.length < people.entities.length)
      logger.warn({ skipped: people.entities.length - found.length }, 'Crunchbase people without a name or company were left out');
    const hasMore = typeof people.count === 'number' ? page * limit < people.count : people.entities.length >= limit;
    return { people: found.slice(0, limit), sourceTotal: people.count ?? null, hasMore };
  };
}
