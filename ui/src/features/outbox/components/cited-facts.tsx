import type { CitedFact } from '../api/outbox-api.ts';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { evidenceText } from '../../../utils/text.ts';

/** The researched facts an email cites, each with its kind and the evidence it was read from (a quote and a link to its page). */
export function CitedFacts({ facts, labelId }: { facts: readonly CitedFact[]; labelId: string }) {
  return (
    <aside aria-labelledby={labelId} className="flex min-w-0 flex-col gap-2">
      <h3 id={labelId} className="text-sm font-semibold">
        Cited facts <span className="font-normal text-base-content/60">({facts.length})</span>
      </h3>
      {facts.length === 0 ? (
        <p className="text-sm text-base-content/70">This email cites no researched fact.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {facts.map((fact) => (
            <li key={fact.id} className="rounded-box bg-base-200 p-3 text-sm" data-testid="review-fact">
              <p className="font-medium wrap-anywhere">
                {fact.value} <span className="badge badge-ghost badge-xs">{fact.kind}</span>
              </p>
              <blockquote className="mt-1 border-l-2 border-base-300 pl-2 text-base-content/70 wrap-anywhere">
                {evidenceText(fact.evidence.snippet)}
              </blockquote>
              <ExternalLink url={fact.evidence.url} className="text-xs wrap-anywhere" />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
