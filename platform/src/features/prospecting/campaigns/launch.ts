import type { z } from 'zod';
import { Types, type Model } from 'mongoose';
import type { RunPrincipal } from '@meetflow/plugin-sdk';
import type { Prospect } from '../prospects/model.ts';
import { reserveSequence } from '../../../core/db/counter.ts';
import { publishEvents, type EventsDb } from '../../../core/events.ts';
import type { LaunchCampaignBody } from './api-schemas.ts';
import type { PipelineRunner } from '../../runs/services.ts';
import { searchWords } from '../prospects/search-text.ts';
import { addSearchKeys, type ProspectSearchKey } from '../prospects/search-keys.ts';
import { prospectRunInputs } from '../superagent/process-prospect.ts';
import { createCampaign, type CampaignDb } from './campaigns.ts';
import { startCampaignRuns, type CampaignRunDb } from './runs.ts';

type Launch = z.output<typeof LaunchCampaignBody>;

/**
 * Adds the people of a reviewed discovery result as prospects (one bulk write under a reserved
 * block of ids; a person whose email is already a prospect is that prospect, never a duplicate),
 * makes them a campaign and starts its batch. Repeating the call adds no prospect twice.
 */
export async function launchCampaign(
  deps: { db: CampaignRunDb & CampaignDb & EventsDb & { prospectSearchKeys: Model<ProspectSearchKey> }; runner: PipelineRunner },
  workspaceId: string,
  principal: RunPrincipal,
  launch: Launch,
) {
  const { db } = deps;
  // The ICP is checked before anything is written: a refused launch leaves no prospects or draft behind.
  await prospectRunInputs(db, workspaceId, [], { sliceNames: launch.sliceNames });
  const people = [...new Map(launch.people.map((person) => [person.email.toLowerCase(), person])).values()];
  const emails = people.map((person) => person.email.toLowerCase());
  const existing = await db.prospects
    .find({ workspaceId, emailLower: { $in: emails } }, { id: 1, emailLower: 1 })
    .lean<Array<Pick<Prospect, 'id' | 'emailLower'>>>();
  const known = new Set(existing.map((prospect) => prospect.emailLower));
  const fresh = people.filter((person) => !known.has(person.email.toLowerCase()));
  let created: Array<Pick<Prospect, 'id' | 'firstName' | 'lastName' | 'email' | 'company' | 'jobTitle' | 'source' | 'emailLower'>> = [];
  if (fresh.length > 0) {
    const first = await reserveSequence(db.counters, workspaceId, 'prospect', fresh.length);
    const documents = fresh.map((person, index) => ({
      _id: new Types.ObjectId(),
      workspaceId,
      id: first + index,
      firstName: person.firstName,
      lastName: person.lastName,
      jobTitle: person.jobTitle,
      company: person.company,
      email: person.email,
      emailLower: person.email.toLowerCase(),
      score: null,
      industry: person.industry,
      industryLower: person.industry?.toLowerCase() ?? null,
      website: person.website,
      linkedinUrl: person.linkedinUrl,
      source: person.source,
      companySize: null,
      employeeCount: person.employeeCount,
      sample: person.sample,
      searchText: searchWords(person),
    }));
    // Their search keys before them, so each is found as soon as it exists; one that is never inserted matches nothing.
    await addSearchKeys(db, workspaceId, documents);
    // A concurrent add of the same email loses to the unique index; that person is looked up below like the others.
    // A document the model refused would be left out silently (mongoose's default): it fails the launch instead.
    await db.prospects.insertMany(documents, { ordered: false, throwOnValidationError: true }).catch((error: unknown) => {
      if (!(error as { writeErrors?: unknown[] }).writeErrors) throw error;
    });
    created = documents;
  }
  const all = await db.prospects
    .find({ workspaceId, emailLower: { $in: emails } }, { id: 1, emailLower: 1 })
    .lean<Array<Pick<Prospect, 'id' | 'emailLower'>>>();
  const idOf = new Map(all.map((prospect) => [prospect.emailLower, prospect.id]));
  // Each prospect this launch created is announced once, all in one publish (one read, one block of numbers, one insert).
  await publishEvents(
    db,
    { workspaceId, principal },
    created
      .filter(({ id, emailLower }) => idOf.get(emailLower) === id)
      .map(({ id, firstName, lastName, email, company, jobTitle, source }) => ({
        type: 'prospect.created' as const,
        key: String(id),
        data: { prospect: { id, firstName, lastName, email, company, jobTitle, source } },
      })),
  );
  const prospectIds = emails.map((email) => idOf.get(email)).filter((id): id is number => id !== undefined);
  const campaign = await createCampaign(db, workspaceId, {
    name: launch.name,
    status: 'draft',
    prospectIds,
    sliceNames: launch.sliceNames,
  });
  const batch = await startCampaignRuns(deps, workspaceId, principal, campaign.id, {
    prospects: 'new',
    chunkSize: launch.chunkSize,
    kind: 'start',
  });
  return {
    campaignId: campaign.id,
    added: fresh.length,
    alreadyProspects: people.length - fresh.length,
    batchId: batch.batchId,
    total: batch.total,
  };
}
