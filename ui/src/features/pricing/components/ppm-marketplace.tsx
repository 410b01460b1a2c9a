import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { bidsQueryOptions, ledgerQueryOptions, slicesQueryOptions, type PricingSlice } from '../api/pricing-api.ts';
import { BidDialog } from './bid-dialog.tsx';
import { BillingAccountCard } from './billing-account.tsx';
import { InvoicesCard } from './invoices.tsx';
import { AnalyticsTab, BillingTab, LedgerEmpty } from './ledger-tabs.tsx';
import { PaymentMethodCard } from './payment-method.tsx';
import { SliceCard } from './slice-card.tsx';
import { PrepaidCreditsCard } from './prepaid-credits.tsx';
import { UpcomingInvoiceCard } from './upcoming-invoice.tsx';

const TABS = ['Marketplace', 'Analytics', 'Billing'] as const;
type Tab = (typeof TABS)[number];

/** The tab a link names (`?tab=billing`: Stripe's payment-method page comes back there), else the marketplace. */
const tabOf = (name: string | null): Tab => TABS.find((tab) => tab.toLowerCase() === name?.toLowerCase()) ?? 'Marketplace';

/** Says how Stripe's payment-method page went (`?payment-method=saved|cancelled`), once, then drops it from the address. */
function usePaymentMethodReturn() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const returned = params.get('payment-method');
  useEffect(() => {
    if (returned !== 'saved' && returned !== 'cancelled') return;
    toast(
      returned === 'saved'
        ? { title: 'Payment method saved', description: 'Stripe keeps it; it shows here once Stripe has it', tone: 'success' }
        : { title: 'No payment method was saved', tone: 'info' },
    );
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment-method');
        return next;
      },
      { replace: true },
    );
  }, [returned, setParams, toast]);
}

/** The PPM Marketplace (spec section 2): slices to bid on, and what attended meetings have cost. */
export function PpmMarketplace() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => tabOf(params.get('tab')));
  usePaymentMethodReturn();
  const [configuring, setConfiguring] = useState<PricingSlice | null>(null);
  const slices = useQuery(slicesQueryOptions());
  const bids = useQuery(bidsQueryOptions());
  const ledger = useQuery({ ...ledgerQueryOptions(), enabled: tab !== 'Marketplace' });
  const failed = slices.error ?? bids.error ?? ledger.error;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="PPM Marketplace" subtitle="Dynamic pricing for guaranteed meetings with your Ideal Customer Profile segments" />
      <div role="tablist" className="tabs tabs-box w-fit" aria-label="PPM Marketplace">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            className={`tab ${tab === name ? 'tab-active' : ''}`}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {failed && <ErrorAlert message={failed.message} />}
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'Marketplace' &&
          (slices.isPending ? (
            <span role="status" className="loading loading-spinner loading-lg" aria-label="Loading slices" />
          ) : slices.data?.length === 0 ? (
            <p
              className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-sm text-base-content/70"
              data-testid="slices-empty"
            >
              No pricing slices in this workspace yet: the default workspace gets the three tiers at start-up, and each ICP slice can be
              priced.
            </p>
          ) : (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {slices.data?.map((slice) => (
                <SliceCard key={slice.sliceId} slice={slice} onConfigure={() => setConfiguring(slice)} />
              ))}
            </div>
          ))}
        {tab !== 'Marketplace' && (
          <div className="flex flex-col gap-6">
            {tab === 'Billing' && <PrepaidCreditsCard />}
            {tab === 'Billing' && <UpcomingInvoiceCard />}
            {tab === 'Billing' && <InvoicesCard ledger={ledger.data} />}
            {ledger.isPending ? (
              <span role="status" className="loading loading-spinner loading-lg" aria-label="Loading the ledger" />
            ) : (
              ledger.data &&
              (ledger.data.meetingsCharged + ledger.data.noShows === 0 ? (
                <LedgerEmpty />
              ) : tab === 'Analytics' ? (
                <AnalyticsTab ledger={ledger.data} slices={slices.data ?? []} />
              ) : (
                <BillingTab ledger={ledger.data} />
              ))
            )}
            {tab === 'Billing' && <PaymentMethodCard />}
            {tab === 'Billing' && <BillingAccountCard />}
          </div>
        )}
      </div>
      {configuring && (
        <BidDialog
          key={configuring.sliceId}
          slice={configuring}
          bid={bids.data?.find((bid) => bid.sliceId === configuring.sliceId)}
          onClose={() => setConfiguring(null)}
        />
      )}
    </div>
  );
}
