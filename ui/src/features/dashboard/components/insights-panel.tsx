import { formatDate, formatPercent } from '../../../utils/format.ts';
import type { Insight } from '../api/types.ts';
import { EmptyNote, Panel } from './panel.tsx';

/** "Meta-Agent Learning Insights": what the latest learning cycles found, applied or proposed. */
export function InsightsPanel({ insights }: { insights: readonly Insight[] }) {
  return (
    <Panel title="Meta-Agent Learning Insights">
      {insights.length === 0 ? (
        <EmptyNote>No insights yet: each learning cycle reports what it learned from sends, replies and meetings here.</EmptyNote>
      ) : (
        <ul className="flex flex-col gap-3">
          {insights.map((insight, index) => (
            <li key={`${insight.title}-${index}`} className="rounded-box border border-base-200 p-3" data-testid="insight">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{insight.title}</span>
                <span className="badge badge-outline badge-sm">{formatPercent(insight.confidence)} confidence</span>
              </div>
              <p className="mt-1 text-sm text-base-content/80">{insight.description}</p>
              <p className="mt-1 text-xs text-base-content/60">
                {insight.impact} · {insight.implementedDate ? `applied ${formatDate(insight.implementedDate)}` : 'proposed, not applied'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
