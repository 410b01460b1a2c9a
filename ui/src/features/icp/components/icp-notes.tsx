import { ChevronRight } from 'lucide-react';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { readAnalysisNotes, siteHeadline, type NoteSegment, type SiteNotes } from '../utils/analysis-notes.ts';

/** Words and quotes of a finding; quotes set apart as what the site said. */
function Segments({ segments }: { segments: readonly NoteSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        'quote' in segment ? (
          <q key={index} className="text-base-content/70 italic [quotes:none]">
            {segment.quote}
          </q>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

/** One customer site: what was found, each finding beside the words it was read from. */
function SiteCard({ site }: { site: SiteNotes }) {
  return (
    <details className="group rounded-box border border-base-300 bg-base-100" data-testid="icp-note-site">
      <summary className="flex cursor-pointer items-start gap-2 p-3">
        <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-90" />
        <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <span className="font-medium">{site.name}</span>
          <span className="text-xs text-base-content/70">{siteHeadline(site)}</span>
        </span>
      </summary>
      <div className="flex flex-col gap-2 border-t border-base-300 p-3 text-sm">
        <ExternalLink url={site.url} className="text-xs wrap-anywhere" />
        <dl className="flex flex-col gap-2">
          {site.findings.map((finding, index) => (
            <div key={`${finding.label}-${index}`}>
              <dt className="text-xs font-semibold tracking-wide text-base-content/60 uppercase">{finding.label}</dt>
              <dd className="wrap-anywhere">
                {finding.items.length === 1 ? (
                  <Segments segments={finding.items[0]!} />
                ) : (
                  <ul className="list-disc space-y-0.5 pl-5">
                    {finding.items.map((item, itemIndex) => (
                      <li key={itemIndex}>
                        <Segments segments={item} />
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}

/** The analysis notes read into parts: the summary, each site's findings with their evidence (one click open), failed sites, how slices were formed. */
export function IcpNotes({ notes }: { notes: string }) {
  const read = readAnalysisNotes(notes);
  return (
    <section aria-labelledby="icp-notes-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3" data-testid="icp-notes">
        <h3 id="icp-notes-title" className="card-title text-base">
          Analysis notes
        </h3>
        {read.summary.map((line, index) => (
          <p key={index} className="text-sm text-base-content/80">
            {line}
          </p>
        ))}
        {read.sites.length > 0 && (
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold">What each customer site says</h4>
            <ul className="flex flex-col gap-2">
              {read.sites.map((site) => (
                <li key={site.url}>
                  <SiteCard site={site} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {read.failed.length > 0 && (
          <div className="flex flex-col gap-1">
            <h4 className="text-sm font-semibold">Sites not analysed</h4>
            <ul className="list-disc space-y-1 pl-5 text-sm wrap-anywhere">
              {read.failed.map((site) => (
                <li key={site.url}>
                  <span className="font-medium">{site.url}</span>: {site.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {read.slices.length > 0 && (
          <div className="flex flex-col gap-1">
            <h4 className="text-sm font-semibold">How the slices were formed</h4>
            <ul className="list-disc space-y-1 pl-5 text-sm wrap-anywhere">
              {read.slices.map((slice) => (
                <li key={slice.name}>
                  <span className="font-medium">{slice.name}</span>: {slice.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {read.other.map((line, index) => (
          <p key={index} className="text-xs text-base-content/60 wrap-anywhere">
            {line}
          </p>
        ))}
      </div>
    </section>
  );
}
