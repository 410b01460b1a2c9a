import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { TemplateText } from '../../../components/ui/template-text.tsx';
import { ExperimentsPanel } from '../../dashboard/index.ts';
import { campaignsQueryOptions, templatesQueryOptions } from '../api/outreach-api.ts';
import { responseLabel, STATUS_BADGE } from '../utils/outreach.ts';
import { NewCampaignDialog } from './new-campaign-dialog.tsx';
import { formatCount, formatNumber } from '../../../utils/format.ts';

/** Outreach Management (spec section 2): the templates with what they measured, and the campaigns. */
export function OutreachManagement() {
  const templates = useQuery(templatesQueryOptions());
  const campaigns = useQuery(campaignsQueryOptions());
  const [creating, setCreating] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Outreach Management"
        subtitle="Create and manage your outreach campaigns"
        actions={
          <>
            <Link to="/outreach/campaigns/new" className="btn btn-outline btn-sm">
              Start from ICP
            </Link>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
              New Campaign
            </button>
          </>
        }
      />
      <section aria-labelledby="templates-title" className="flex flex-col gap-3">
        <div>
          <h2 id="templates-title" className="text-lg font-semibold">
            Template Performance
          </h2>
          <p className="text-xs text-base-content/60">
            Subject lines as written: each{' '}
            <span className="rounded border border-dashed border-primary/60 bg-primary/10 px-1 text-primary">marked field</span> is filled
            in for each email, from the prospect and your offer.
          </p>
        </div>
        {templates.isError && <ErrorAlert message={templates.error.message} />}
        {templates.data?.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="templates-empty">
            No templates available
          </p>
        ) : (
          <div className="grid gap-3 md:grid-cols-3">
            {templates.data?.map((template) => (
              <article key={template.id} className="card bg-base-100 shadow-sm" data-testid={`template-${template.id}`}>
                <div className="card-body gap-1 p-4 text-sm">
                  <h3 className="font-semibold">
                    {template.name} <span className="badge badge-ghost badge-xs">{template.type}</span>
                  </h3>
                  <p className="text-xs text-base-content/70 wrap-anywhere" data-testid="template-subject">
                    <span className="sr-only">Subject: </span>
                    <TemplateText text={template.subject} filledWith="for each email" />
                  </p>
                  <p
                    className="mt-2 text-lg font-bold"
                    data-testid="template-response"
                    title={
                      template.measured.responseRate === null
                        ? `No sends yet; planned with ${Math.round(template.performance.response_rate * 100)}%`
                        : undefined
                    }
                  >
                    {responseLabel(template)}
                  </p>
                  <p className="text-xs text-base-content/60">
                    {formatNumber(template.measured.sent)} sent · {formatCount(template.measured.replied, 'reply', 'replies')}
                  </p>
                </div>
              </article>
            ))}
          </div>
        )}
      </section>
      {/* Which template opens each first email is an A/B test while one runs: its arms and what it applied. */}
      <ExperimentsPanel />
      <section aria-labelledby="campaigns-title" className="flex flex-col gap-3">
        <h2 id="campaigns-title" className="text-lg font-semibold">
          Active Campaigns
        </h2>
        {campaigns.isError && <ErrorAlert message={campaigns.error.message} />}
        {campaigns.data?.length === 0 ? (
          <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center" data-testid="campaigns-empty">
            <p className="font-medium">No campaigns found</p>
            <p className="text-sm text-base-content/70">Create your first outreach campaign to get started.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Campaigns">
            {campaigns.data?.map((campaign) => (
              <li
                key={campaign.id}
                className="flex flex-wrap items-center gap-3 rounded-box bg-base-100 p-4 shadow-sm"
                data-testid="campaign"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{campaign.name}</p>
                  <p className="text-sm text-base-content/70">{formatCount(campaign.prospectIds.length, 'prospect')}</p>
                </div>
                <span className={`badge ${STATUS_BADGE[campaign.status]}`}>{campaign.status}</span>
                <Link to={`/outreach/campaigns/${campaign.id}`} className="btn btn-outline btn-sm">
                  Manage
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {creating && <NewCampaignDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
