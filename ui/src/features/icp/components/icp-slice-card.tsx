import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { roleAtLeast, useCurrentRole } from '../../auth/index.ts';
import type { IcpSlice } from '../api/types.ts';
import { discoveryHref } from '../utils/discovery-link.ts';
import { formatNumber, formatPercent } from '../../../utils/format.ts';
import { BadgeList } from './badge-list.tsx';
import { SliceEditor } from './slice-editor.tsx';

/** One ICP slice: what it is, how sure and how big, its criteria, and discovery of matching prospects. */
export function IcpSliceCard({ slice, index }: { slice: IcpSlice; index: number }) {
  const titleId = `icp-slice-${index}-title`;
  const { criteria } = slice;
  const role = useCurrentRole();
  const canEdit = role !== null && roleAtLeast(role, 'sales-ops');
  const [editing, setEditing] = useState(false);
  // Focus goes back to "Edit criteria" once the editor closes (saved or cancelled), never to the top of the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!editing && returnFocus) {
      editButton.current?.focus();
      setReturnFocus(false);
    }
  }, [editing, returnFocus]);
  return (
    <article aria-labelledby={titleId} data-testid="icp-slice" className="card h-full bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header className="flex flex-col gap-2">
          <h3 id={titleId} className="card-title">
            {slice.name}
          </h3>
          <div className="flex flex-wrap gap-2">
            <span className="badge badge-primary" title="Confidence of this slice">
              {formatPercent(slice.confidence)} confidence
            </span>
            <span className="badge badge-outline" title="Companies like these: estimated volume">
              ≈ {formatNumber(slice.estimatedVolume)} companies
            </span>
          </div>
          <p className="text-sm text-base-content/80">{slice.description}</p>
        </header>
        {editing ? (
          <SliceEditor
            slice={slice}
            index={index}
            onDone={() => {
              setEditing(false);
              setReturnFocus(true);
            }}
          />
        ) : (
          <div className="flex flex-col gap-3">
            <BadgeList label="Industry" values={criteria.industry} tone="badge-secondary" />
            <BadgeList label="Company size" values={[criteria.companySize]} />
            <BadgeList label="Job titles" values={criteria.jobTitles} tone="badge-accent badge-soft" />
            <BadgeList label="Technology stack" values={criteria.techStack} tone="badge-info badge-soft" />
            <BadgeList label="Pain points" values={criteria.painPoints} tone="badge-warning badge-soft" />
          </div>
        )}
        <div className="card-actions mt-auto justify-end">
          {canEdit && !editing && (
            <button ref={editButton} type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)}>
              Edit criteria
            </button>
          )}
          <Link to={discoveryHref(criteria)} className="btn btn-primary btn-sm">
            Discover prospects for this slice
          </Link>
        </div>
      </div>
    </article>
  );
}
