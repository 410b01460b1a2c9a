import type { ReactNode } from 'react';
import { formatPercent } from '../../../utils/format.ts';
import type { WorkflowResponse } from '../api/workflow-api.ts';
import { truncate } from '../utils/steps.ts';

/** One result card. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-2 p-5 text-sm">
        <h3 className="card-title text-base">{title}</h3>
        {children}
      </div>
    </section>
  );
}

const priorityOf = (priority: string) => (['High', 'Medium'].includes(priority) ? priority : 'Low');

/** The results panel and the four cards (spec section 2), with the spec's truncations. */
export function WorkflowResults({ result }: { result: WorkflowResponse }) {
  const { research, scoring, content, outreach, metrics, recommendations } = result.data;
  return (
    <div className="flex flex-col gap-4" data-testid="workflow-results">
      <section className="card bg-base-100 shadow-sm" aria-label="Results">
        <div className="card-body gap-3 p-5">
          <h2 className="card-title text-base">Results</h2>
          <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
            <div>
              <dt className="text-base-content/60">Final score</dt>
              <dd className="text-2xl font-bold" data-testid="final-score">
                {metrics.finalScore}
              </dd>
            </div>
            <div>
              <dt className="text-base-content/60">Research confidence</dt>
              <dd className="text-2xl font-bold">{formatPercent(metrics.researchConfidence)}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">Content generated</dt>
              <dd className="text-2xl font-bold">{metrics.contentGenerated ? 'Yes' : 'No'}</dd>
            </div>
            <div>
              <dt className="text-base-content/60">Outreach triggered</dt>
              <dd className="text-2xl font-bold">{metrics.outreachTriggered ? 'Yes' : 'No'}</dd>
            </div>
          </dl>
          {recommendations.length > 0 && (
            <ul className="list-inside list-disc text-sm text-base-content/80" aria-label="Recommendations">
              {recommendations.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        {research && (
          <Card title="Research">
            <p>{truncate(research.enrichedData.companyInfo, 100)}</p>
            <p>
              <span className="text-base-content/60">Pain points: </span>
              {research.enrichedData.painPoints.slice(0, 2).join('; ') || '—'}
            </p>
            <p>
              <span className="text-base-content/60">Tech stack: </span>
              {research.enrichedData.techStack.slice(0, 3).join(', ') || '—'}
            </p>
          </Card>
        )}
        {scoring && (
          <Card title="Scoring">
            <p className="text-lg font-bold">
              {scoring.totalScore}/100 <span className="badge badge-outline">{priorityOf(scoring.priority)} priority</span>
            </p>
            <p>{truncate(scoring.reasoning, 150)}</p>
          </Card>
        )}
        {content && (
          <Card title="Content">
            <p>{content.sequence.length} emails in the sequence</p>
            <p>{truncate(content.overallStrategy, 100)}</p>
            <p>
              <span className="text-base-content/60">Expected response rate: </span>
              {formatPercent(content.expectedResponseRate)}
            </p>
          </Card>
        )}
        {outreach && (
          <Card title="Outreach">
            <p>
              <span className="text-base-content/60">Campaign: </span>
              <span className="font-mono">{outreach.campaignId}</span>
            </p>
            <p>
              <span className="text-base-content/60">Channels: </span>
              {outreach.channels.join(', ')}
            </p>
            <p>
              <span className="text-base-content/60">Delivery: </span>
              {outreach.deliveryStatus}
            </p>
          </Card>
        )}
      </div>
    </div>
  );
}
