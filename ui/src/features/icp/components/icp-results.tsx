import { Link } from 'react-router-dom';
import { formatDateTime, formatPercent } from '../../../utils/format.ts';
import type { IcpAnalysis } from '../api/types.ts';
import { IcpNotes } from './icp-notes.tsx';
import { IcpSliceCard } from './icp-slice-card.tsx';

/** The workspace's ICP: overall confidence, the slices as cards, and the analysis notes with their evidence. */
export function IcpResults({ analysis }: { analysis: IcpAnalysis }) {
  return (
    <section aria-labelledby="icp-results-title" data-testid="icp-results" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-6">
        <div>
          <h2 id="icp-results-title" className="text-xl font-bold">
            Ideal Customer Profile
          </h2>
          <p className="text-sm text-base-content/70">
            Analysed {formatDateTime(analysis.analyzedAt)} from {analysis.sourceUrls.length} customer sites
          </p>
        </div>
        {analysis.icpSlices.length > 0 && (
          <Link to="/outreach/campaigns/new" className="btn btn-primary" data-testid="start-campaign">
            Start a campaign from this ICP
          </Link>
        )}
        <div className="stats ml-auto bg-base-100 shadow-sm">
          <div className="stat py-2">
            <div className="stat-title">Overall confidence</div>
            <div className="stat-value text-primary" data-testid="icp-confidence">
              {formatPercent(analysis.confidence)}
            </div>
          </div>
          <div className="stat py-2">
            <div className="stat-title">ICP slices</div>
            <div className="stat-value">{analysis.icpSlices.length}</div>
          </div>
        </div>
      </div>
      {analysis.icpSlices.length === 0 ? (
        <p className="text-base-content/70">No slice could be formed: the notes below say what each site gave.</p>
      ) : (
        <ul className="grid gap-6 xl:grid-cols-2" aria-label="ICP slices">
          {analysis.icpSlices.map((slice, index) => (
            <li key={`${index}-${slice.name}`}>
              <IcpSliceCard slice={slice} index={index} />
            </li>
          ))}
        </ul>
      )}
      <IcpNotes notes={analysis.analysisNotes} />
    </section>
  );
}
