import type { DiscoveredProspect } from '../api/types.ts';
import { matchBadgeClass, reasonClauses } from '../utils/match.ts';
import { webUrlOf } from '../utils/new-prospect.ts';
import { useDataSources } from '../api/data-sources.ts';
import { sourceLabel } from '../utils/sources.ts';
import { AddToPipelineButton, type PipelineState } from './add-to-pipeline-button.tsx';
import { formatNumber } from '../../../utils/format.ts';

const orDash = (value: string | null) => value ?? '—';

/**
 * One discovered prospect (spec section 2): who and where, source, match and sample badges,
 * company facts, tech stack, the whole match reason, and the card's actions. Research is not
 * shown: the spec gives it no action, and a button that does nothing would mislead.
 */
export function ProspectCard({
  prospect,
  pipelineState,
  onPipelineState,
}: {
  prospect: DiscoveredProspect;
  /** Where the person stands with the pipeline, when known (added from the whole list, or earlier). */
  pipelineState?: PipelineState;
  onPipelineState?: (state: PipelineState) => void;
}) {
  const name = `${prospect.firstName} ${prospect.lastName}`;
  const list = useDataSources().data ?? [];
  const linkedin = webUrlOf(prospect.linkedinUrl);
  const { companyRevenue, employeeCount, techStack, recentFunding } = prospect.enrichmentData;
  const facts: Array<[string, string]> = [
    ['Industry', orDash(prospect.industry)],
    ['Company size', orDash(prospect.companySize)],
    ['Revenue', orDash(companyRevenue)],
    ['Employees', employeeCount === null ? '—' : formatNumber(employeeCount)],
  ];
  return (
    <article aria-label={name} data-testid="prospect-card" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <header className="flex flex-wrap items-start gap-2">
          <div className="min-w-56 flex-1">
            <h3 className="text-lg font-semibold">{name}</h3>
            <p className="text-sm text-base-content/70">
              {prospect.jobTitle} at {prospect.company}
            </p>
            <p className="text-xs text-base-content/60" data-testid="prospect-email">
              {prospect.email ?? 'No email address'}
            </p>
          </div>
          <div className="flex max-w-md flex-wrap content-start justify-end gap-1">
            {prospect.sources.map((source) => (
              <span key={source} className="badge badge-neutral badge-sm">
                {sourceLabel(list, source)}
              </span>
            ))}
            <span className={`badge ${matchBadgeClass(prospect.matchScore)}`} data-testid="match-badge">
              {prospect.matchScore}% match
            </span>
            {prospect.sample && (
              <span className="badge badge-warning" title="From the built-in sample database: a fictional person, not the provider's">
                Sample data
              </span>
            )}
            {recentFunding && <span className="badge badge-success badge-sm">Recently Funded</span>}
          </div>
        </header>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-base-content/60">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {techStack.length > 0 && (
          <ul aria-label="Technology stack" className="flex flex-wrap gap-1">
            {techStack.map((tool) => (
              <li key={tool} className="badge badge-ghost badge-sm">
                {tool}
              </li>
            ))}
          </ul>
        )}
        <section aria-label="Match reason" className="rounded-box bg-base-200 px-3 py-2 text-sm">
          <h4 className="text-xs font-semibold text-base-content/70">Why this match</h4>
          <ul className="list-inside list-disc">
            {reasonClauses(prospect.matchReason).map((clause, index) => (
              <li key={index}>{clause}</li>
            ))}
          </ul>
        </section>
        <div className="card-actions justify-end">
          {linkedin ? (
            <a href={linkedin} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline">
              View LinkedIn
            </a>
          ) : (
            <button type="button" className="btn btn-sm btn-outline" disabled title="The source gave no LinkedIn profile">
              View LinkedIn
            </button>
          )}
          <AddToPipelineButton prospect={prospect} state={pipelineState} onState={onPipelineState} />
        </div>
      </div>
    </article>
  );
}
