import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { CrunchbaseConfig } from './config.ts';
import { companyPredicates, organizationSearchBody, peopleSearchBody, type Predicate } from './crunchbase-request.ts';
import { OrganizationSearchAnswer, PeopleSearchAnswer, toDiscoveredPerson } from './crunchbase-response.ts';
import type { SearchPeopleInput, SearchPeopleOutput } from './manifest.ts';
import { providerCall } from '@meetflow/plugin-sdk';

function parsed<S extends z.ZodType>(schema: S, answer: unknown, what: string): z.output<S> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  throw ApplicationFailure.create({ type: 'SourceBadResponse', nonRetryable: true,
    message: `Crunchbase answered ${what} with an unexpected shape: ${z.prettifyError(result.error)}` });
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
    { criteria, limit, page }: z.output<typeof SearchPeopleInput>, context: ActivityContext,
  ): Promise<z.input<typeof SearchPeopleOutput>> {
    if (!config.apiKey) {
      throw ApplicationFailure.create({ type: 'SourceNotConfigured', nonRetryable: true,
        message: 'Crunchbase is not configured: set apiKey in the source-crunchbase plugin settings' });
    }
    const search = async <S extends z.ZodType>(collection: string, body: unknown, schema: S) =>
      parsed(schema, await call(`${base}/searches/${collection}`, { method: 'POST', headers: { 'x-cb-user-key': config.apiKey }, body }, context.signal), `a ${collection} search`);
    const organizationsBy = async (predicates: Predicate[], count: number) =>
      new Map((await search('organizations', organizationSearchBody(predicates, count), OrganizationSearchAnswer)).entities.map((entity) => [entity.uuid, entity.properties]));

    const conditions = companyPredicates(criteria);
    let organizations = conditions.length ? await organizationsBy(conditions, config.maxOrganizations) : null;
    if (organizations?.size === 0) return { people: [], sourceTotal: 0, hasMore: false };
    // Crunchbase pages by cursor (`after_id`), not by number: page n walks the n - 1 pages before it.
    const companyIds = organizations ? [...organizations.keys()] : null;
    let people = await search('people', peopleSearchBody(criteria, companyIds, limit), PeopleSearchAnswer);
    for (let current = 1; current < page; current++) {
      const last = people.entities.at(-1)?.uuid;
      if (!last || people.entities.length < limit) return { people: [], sourceTotal: people.count ?? null, hasMore: false };
      people = await search('people', peopleSearchBody(criteria, companyIds, limit, last), PeopleSearchAnswer);
    }
    if (!organizations) {
      const ids = [...new Set(people.entities.flatMap((entity) => entity.properties.primary_organization?.uuid ?? []))];
      organizations = ids.length ? await organizationsBy([{ type: 'predicate', field_id: 'uuid', operator_id: 'includes', values: ids }], ids.length) : new Map();
    }
    const found = people.entities.map(({ properties }) => toDiscoveredPerson(
      properties, organizations.get(properties.primary_organization?.uuid ?? ''), criteria.industry, clock.now(),
    )).filter((person) => person !== null);
    if (found.length < people.entities.length) logger.warn({ skipped: people.entities.length - found.length }, 'Crunchbase people without a name or company were left out');
    const hasMore = typeof people.count === 'number' ? page * limit < people.count : people.entities.length >= limit;
    return { people: found.slice(0, limit), sourceTotal: people.count ?? null, hasMore };
  };
}
