import type { PricingSlice } from '../api/pricing-api.ts';
import { filledStars, formatUsd } from '../utils/pricing.ts';
import { formatNumber } from '../../../utils/format.ts';

/** Five stars, `filled` of them filled, read out as "Quality n of 5". */
function Stars({ filled }: { filled: number }) {
  return (
    <span role="img" aria-label={`Quality ${filled} of 5`} className="text-warning" data-testid="stars" data-filled={filled}>
      {'★'.repeat(filled)}
      <span className="text-base-content/20">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}

/** One slice of the marketplace: quality, price per meeting, meeting probability, Active/Inactive and Configure. */
export function SliceCard({ slice, onConfigure }: { slice: PricingSlice; onConfigure: () => void }) {
  return (
    <article className="card bg-base-100 shadow-sm" data-testid={`slice-${slice.sliceId}`} aria-label={slice.sliceName}>
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h3 className="card-title text-base">{slice.sliceName}</h3>
            <p className="text-xs text-base-content/60">
              {slice.tier.charAt(0).toUpperCase()}
              {slice.tier.slice(1)} tier · {formatNumber(slice.leadsVolume)} leads a month
            </p>
          </div>
          <span className={`badge ${slice.isActive ? 'badge-success' : 'badge-ghost'}`} data-testid="slice-state">
            {slice.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
        <Stars filled={filledStars(slice.qualityScore)} />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-base-content/60">Price per attended meeting</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="slice-price">
              {formatUsd(slice.ppm)}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/60">Meeting probability</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="slice-probability">
              {(slice.pm * 100).toFixed(1)}%
            </dd>
          </div>
        </dl>
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-primary btn-sm" onClick={onConfigure}>
            Configure
          </button>
        </div>
      </div>
    </article>
  );
}
