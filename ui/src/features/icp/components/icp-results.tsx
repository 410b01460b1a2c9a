import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../utils/format.ts';
import type { IcpAnalysis } from '../api/types.ts';
import { formatPercent } from '../../../utils/format.ts';
import { IcpSliceCard } from './icp-slice-card.tsx';

/** The workspace's ICP: overall confidence, the slices as cards, and the analysis notes with their evidence. */
export function IcpResults({ analysis }: { analysis: IcpAnalysis }) {
  const notes = analysis.analysisNotes.split('\n').filter((line) => line.trim() !== '');
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
      <section aria-labelledby="icp-notes-title" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-2">
          <h3 id="icp-notes-title" className="card-title text-base">
            Analysis notes
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-base-content/80 wrap-anywhere" data-testid="icp-notes">
            {notes.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      </section>
    </section>
  );
}
