import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import type { z } from 'zod';
import type { LinkedinConfig } from './config.ts';
import { leadMatches } from './lead-filter.ts';
import type { SearchPeopleInput, SearchPeopleOutput } from './manifest.ts';
import { readExport } from './read-export.ts';

/** Builds LinkedIn's searchPeople: the export read afresh on each search, filtered by the criteria, in file order, a page of `limit` rows at a time. */
export function createSearchPeople({ config, logger }: PluginDeps<LinkedinConfig>) {
  return async function searchPeople(
    { criteria, limit, page }: z.output<typeof SearchPeopleInput>,
    _context: ActivityContext,
  ): Promise<z.input<typeof SearchPeopleOutput>> {
    if (!config.exportPath) {
      throw ApplicationFailure.create({
        type: 'SourceNotConfigured',
        nonRetryable: true,
        message:
          'LinkedIn Sales Navigator is not configured: set exportPath (a lead-list CSV export) in the source-linkedin plugin settings',
      });
    }
    const { leads, skipped } = await readExport(config.exportPath);
    if (skipped) logger.warn({ skipped, exportPath: config.exportPath }, 'Sales Navigator rows without a name or company were left out');
    const matching = leads.filter((lead) => leadMatches(lead.person, lead.companySize, criteria));
    const from = (page - 1) * limit;
    return {
      people: matching.slice(from, from + limit).map((lead) => lead.person),
      sourceTotal: matching.length,
      hasMore: from + limit < matching.length,
    };
  };
}
