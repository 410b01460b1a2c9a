import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { workspaceIcpQueryOptions, type IcpSlice } from '../../icp/index.ts';
import {
  DataSourcesChecklist,
  DiscoveryFloor,
  defaultSources,
  discoverProspects,
  toggleSource,
  useDataSources,
  type DiscoverySourceId,
} from '../../discovery/index.ts';
import { useLaunchCampaign } from '../api/campaigns-api.ts';
import { SendingForecast } from '../../outbox/index.ts';
import {
  defaultCampaignName,
  launchPersonOf,
  mergeDiscoveries,
  splitTarget,
  type ReviewedPerson,
  type SliceDiscovery,
} from '../utils/campaign.ts';
import { ReviewList } from './review-list.tsx';
import { formatNumber } from '../../../utils/format.ts';

/** The most people a campaign's list may hold (the discovery API's limit). */
export const MAX_TARGET = 2_000;
/** The target the landing page promises. */
export const DEFAULT_TARGET = 1_000;

type Found = { discoveries: SliceDiscovery[]; people: ReviewedPerson[] };

/**
 * Start a campaign from this ICP: choose slices, a target count and sources; discovery pages the
 * sources until it has that many people the workspace may write to (or says why not); review
 * and remove; name it and launch: the batch researches, scores, writes to and enrols them all.
 */
export function StartCampaign() {
  const icp = useQuery(workspaceIcpQueryOptions());
  const navigate = useNavigate();
  const toast = useToast();
  const launch = useLaunchCampaign();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [target, setTarget] = useState(String(DEFAULT_TARGET));
  const sourceList = useDataSources().data ?? [];
  const [picked, setPicked] = useState<DiscoverySourceId[] | null>(null);
  const sources = picked ?? defaultSources(sourceList);
  const [searching, setSearching] = useState<string | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  // Who is launched: everyone found, to begin with.
  const [launching, setLaunching] = useState<ReadonlySet<string>>(new Set());
  const [name, setName] = useState('');

  if (icp.isError) return <ErrorAlert message={icp.error.message} />;
  if (icp.isPending) return <span className="loading loading-spinner loading-lg" aria-label="Loading the ICP" />;
  const slices = icp.data?.icpSlices ?? [];
  if (slices.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title="Start a campaign from your ICP" subtitle="Customer URLs → matching prospects → sequences" />
        <p className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center" data-testid="no-icp">
          No ICP yet.{' '}
          <Link className="link link-primary" to="/icp-builder">
            Analyse 3 customer URLs in the ICP Builder
          </Link>{' '}
          first.
        </p>
      </div>
    );
  }
  const selected = chosen ?? slices.map((slice) => slice.name);
  const targetNumber = Number(target);
  const targetError =
    !/^\d+$/.test(target.trim()) || targetNumber < 1
      ? 'Enter a whole number of people, at least 1'
      : targetNumber > MAX_TARGET
        ? `At most ${formatNumber(MAX_TARGET)} people a campaign`
        : null;
  const toggleSlice = (slice: IcpSlice) =>
    setChosen(selected.includes(slice.name) ? selected.filter((other) => other !== slice.name) : [...selected, slice.name]);

  const find = async (includeBelowFloor = false) => {
    const picked = slices.filter((slice) => selected.includes(slice.name));
    const shares = splitTarget(targetNumber, picked.length);
    setSearchError(null);
    setFound(null);
    setLaunching(new Set());
    const discoveries: SliceDiscovery[] = [];
    try {
      for (const [index, slice] of picked.entries()) {
        if (shares[index] === 0) continue;
        setSearching(`Searching for “${slice.name}” (${index + 1} of ${picked.length})…`);
        const answer = await discoverProspects({
          icpCriteria: { ...slice.criteria, revenue: '' },
          sources,
          targetCount: shares[index],
          includeBelowFloor,
        });
        discoveries.push({ slice: slice.name, answer });
      }
      const people = mergeDiscoveries(discoveries, targetNumber);
      setFound({ discoveries, people });
      setLaunching(new Set(people.map((person) => person.key)));
      setName(
        (current) =>
          current ||
          defaultCampaignName(
            picked.map((slice) => slice.name),
            new Date(),
          ),
      );
    } catch (error) {
      setSearchError(error instanceof Error ? error.message : String(error));
    } finally {
      setSearching(null);
    }
  };

  const kept = found?.people.filter((person) => launching.has(person.key)) ?? [];
  const nameError = launch.error instanceof ApiError ? launch.error.fields.name : undefined;
  const start = () =>
    launch.mutate(
      { name, sliceNames: selected, people: kept.map(launchPersonOf) },
      {
        onSuccess: (result) => {
          toast({
            title: 'Campaign Launched',
            tone: 'success',
            description: `Researching, scoring and writing to ${formatNumber(result.total)} prospects.`,
          });
          navigate(`/outreach/campaigns/${result.campaignId}`);
        },
      },
    );

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Outreach Management', to: '/outreach' }, { label: 'New campaign from the ICP' }]} />
      <PageHeader
        title="Start a campaign from your ICP"
        subtitle="Choose who to reach, review who was found, and launch: every prospect is researched, scored and written to"
      />
      <section aria-labelledby="choose-title" className="card bg-base-100 shadow-sm">
        <form
          noValidate
          className="card-body gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!targetError && selected.length > 0 && sources.length > 0) void find();
          }}
        >
          <h2 id="choose-title" className="card-title text-base">
            1. Who to reach
          </h2>
          <fieldset className="fieldset">
            <legend className="fieldset-legend">ICP slices</legend>
            {slices.map((slice) => (
              <label key={slice.name} className="label cursor-pointer items-start gap-2 whitespace-normal text-base-content">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={selected.includes(slice.name)}
                  onChange={() => toggleSlice(slice)}
                />
                <span>
                  {slice.name}{' '}
                  <span className="text-xs text-base-content/60">
                    ({slice.criteria.industry.join(', ') || 'any industry'};{' '}
                    {slice.criteria.jobTitles.slice(0, 3).join(', ') || 'any title'})
                  </span>
                </span>
              </label>
            ))}
            {selected.length === 0 && <p className="text-xs text-error">Choose at least one slice</p>}
          </fieldset>
          <div className="grid gap-4 md:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm">
              Target count (people)
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_TARGET}
                className={`input input-bordered w-full ${targetError ? 'input-error' : ''}`}
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                aria-describedby="target-help"
              />
              <span id="target-help" className={`text-xs ${targetError ? 'text-error' : 'text-base-content/60'}`} data-testid="target-help">
                {targetError ??
                  `Up to ${formatNumber(MAX_TARGET)}. People already in your prospects, unsubscribed, bounced or emailed in the last 90 days are left out.`}
              </span>
            </label>
            <DataSourcesChecklist selected={sources} onToggle={(id) => setPicked(toggleSource(sourceList, sources, id))} />
          </div>
          <div className="card-actions items-center justify-end">
            {searching && (
              <span className="text-sm text-base-content/70" role="status">
                <span className="loading loading-spinner loading-sm mr-2" />
                {searching}
              </span>
            )}
            <button
              type="submit"
              className="btn btn-primary"
              disabled={searching !== null || targetError !== null || selected.length === 0 || sources.length === 0}
            >
              Find prospects
            </button>
          </div>
          {searchError && <ErrorAlert message={searchError} />}
        </form>
      </section>

      {found && (
        <section aria-labelledby="review-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <h2 id="review-title" className="card-title text-base">
              2. Review {formatNumber(kept.length)} prospects
            </h2>
            <div className="flex flex-col gap-1 text-sm" data-testid="discovery-summary">
              <p>
                <strong data-testid="found-count">{formatNumber(found.people.length)}</strong> found of the {formatNumber(targetNumber)}{' '}
                asked for
                {found.people.some((person) => person.sample) && <span className="badge badge-warning badge-sm ml-2">Sample data</span>}
              </p>
              {found.discoveries.map(({ slice, answer }) => (
                <p key={slice} className="text-base-content/70 wrap-anywhere">
                  <span className="font-medium">{slice}:</span> {answer.shortfall ?? `${formatNumber(answer.totalFound)} found.`}
                </p>
              ))}
            </div>
            <DiscoveryFloor
              answers={found.discoveries.map(({ answer }) => answer)}
              onIncludeBelowFloor={() => void find(true)}
              busy={searching !== null}
            />
            <ReviewList people={found.people} selected={launching} onSelectedChange={setLaunching} />
            <form
              noValidate
              className="flex flex-col gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                start();
              }}
            >
              <h3 className="font-semibold">3. Name and launch</h3>
              <label className="flex flex-col gap-1 text-sm">
                Campaign name
                <input
                  className={`input input-bordered w-full ${nameError ? 'input-error' : ''}`}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
                {nameError && (
                  <span className="text-xs text-error" data-testid="error-name">
                    {nameError}
                  </span>
                )}
              </label>
              {kept.length > 0 && <SendingForecast emails={kept.length} what={`the ${formatNumber(kept.length)} first emails`} />}
              {launch.isError && !nameError && <ErrorAlert message={launch.error.message} />}
              <div className="flex justify-end">
                <button type="submit" className="btn btn-primary" disabled={kept.length === 0 || launch.isPending}>
                  {launch.isPending ? 'Launching…' : `Launch campaign (${formatNumber(kept.length)} prospects)`}
                </button>
              </div>
            </form>
          </div>
        </section>
      )}
    </div>
  );
}
