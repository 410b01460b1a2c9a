import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { webAddress } from '../../../lib/web-address.ts';
import { formatCount, formatDay, formatMonth } from '../../../utils/format.ts';
import { roleAtLeast, useCurrentRole } from '../../auth/index.ts';
import {
  invoiceLinesQueryOptions,
  invoicesQueryOptions,
  useIssueInvoice,
  type IssuedInvoice,
  type IssuedInvoiceLine,
} from '../api/billing-api.ts';
import type { LedgerSummary } from '../api/pricing-api.ts';
import { monthsToInvoice } from '../utils/billing.ts';
import { formatCents } from '../utils/pricing.ts';

/** How each status reads, and its badge: paid is done, open is owed, the rest need a look. */
const STATUS: Record<IssuedInvoice['status'], { label: string; badge: string }> = {
  issuing: { label: 'Issuing', badge: 'badge-warning' },
  covered: { label: 'Covered by credits', badge: 'badge-success' },
  draft: { label: 'Draft', badge: 'badge-ghost' },
  open: { label: 'Open', badge: 'badge-info' },
  paid: { label: 'Paid', badge: 'badge-success' },
  void: { label: 'Void', badge: 'badge-ghost' },
  uncollectible: { label: 'Uncollectible', badge: 'badge-error' },
};

/** A provider's page, opening in a new tab; nothing when the address is missing or not a web page. */
function PageLink({ url, label, testId }: { url: string | null; label: string; testId: string }) {
  const href = webAddress(url);
  if (!href) return null;
  return (
    <a className="link link-primary text-sm whitespace-nowrap" href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Who a line's meeting was with. */
const prospectOf = (line: IssuedInvoiceLine) =>
  line.prospect ? `${line.prospect.name}${line.prospect.company ? ` (${line.prospect.company})` : ''}` : '—';

/** The invoice's lines as they were sent, read when the row is opened. */
function InvoiceLines({ invoice }: { invoice: IssuedInvoice }) {
  const query = useQuery(invoiceLinesQueryOptions(invoice.month));
  const lines = query.data?.lines.filter((line) => line.invoiceKind === invoice.kind);
  return (
    <div className="mt-3" data-testid={`invoice-lines-${invoice.month}`}>
      {query.isError && <ErrorAlert message={query.error.message} />}
      {query.isPending && <span role="status" className="loading loading-spinner loading-sm" aria-label="Loading the invoice's lines" />}
      {lines && (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              <tr>
                <th className="hidden sm:table-cell">Meeting</th>
                <th className="hidden md:table-cell">Prospect</th>
                <th>Description</th>
                <th className="text-right">Amount</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.key} data-testid={`issued-line-${line.key}`}>
                  <td className="hidden whitespace-nowrap sm:table-cell">
                    {line.attendedAt ? formatDay(line.attendedAt.slice(0, 10)) : '—'}
                  </td>
                  <td className="hidden md:table-cell">{prospectOf(line)}</td>
                  <td className="wrap-anywhere">{line.description}</td>
                  <td className={`text-right whitespace-nowrap ${line.amountMinor < 0 ? 'text-success' : ''}`}>
                    {formatCents(line.amountMinor)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One invoice: month, number, status, total, the provider's pages, and its lines on demand. */
function InvoiceRow({ invoice, onIssue, issuing }: { invoice: IssuedInvoice; onIssue: (() => void) | null; issuing: boolean }) {
  const [open, setOpen] = useState(false);
  const status = STATUS[invoice.status];
  const id = `invoice-${invoice.month}-${invoice.kind}`;
  return (
    <li className="py-3" data-testid={id}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm -ml-2 gap-2 px-2"
          aria-expanded={open}
          aria-controls={`${id}-lines`}
          onClick={() => setOpen((shown) => !shown)}
        >
          <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}>
            ›
          </span>
          <span className="font-medium">
            {formatMonth(invoice.month)}
            {invoice.kind === 'prepay' ? ' (pre-paid credits)' : ''}
          </span>
          <span className="sr-only">: {open ? 'hide' : 'show'} its lines</span>
        </button>
        <span className={`badge badge-sm ${status.badge}`} data-testid={`${id}-status`}>
          {status.label}
        </span>
        <span className="text-sm text-base-content/60">
          {invoice.number ?? 'No number yet'} · {formatCount(invoice.lines, 'line')}
        </span>
        <span className="ml-auto font-semibold tabular-nums" data-testid={`${id}-total`}>
          {formatCents(invoice.totalMinor)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 pl-6">
        <PageLink url={invoice.hostedUrl} label="View and pay" testId={`${id}-hosted`} />
        <PageLink url={invoice.pdfUrl} label="PDF" testId={`${id}-pdf`} />
        {invoice.creditsMinor < 0 && (
          <span className="text-xs text-base-content/60">
            {formatCents(invoice.subtotalMinor)} less {formatCents(-invoice.creditsMinor)} credited
          </span>
        )}
        {onIssue && (
          <button type="button" className="btn btn-outline btn-xs" disabled={issuing} onClick={onIssue}>
            Finish issuing
          </button>
        )}
      </div>
      {open && (
        <div id={`${id}-lines`}>
          <InvoiceLines invoice={invoice} />
        </div>
      )}
    </li>
  );
}

/**
 * "Invoices" (GET /api/billing/invoices): every member sees each month issued, its status, total
 * and Stripe's pages, and opens its lines; owners and admins issue an ended month that has charges
 * and no invoice yet (the API's refusal is shown as it comes).
 */
export function InvoicesCard({ ledger }: { ledger: LedgerSummary | undefined }) {
  const query = useQuery(invoicesQueryOptions());
  const role = useCurrentRole();
  const canIssue = role !== null && roleAtLeast(role, 'admin');
  const issue = useIssueInvoice();
  const toast = useToast();
  const invoices = query.data?.invoices ?? [];
  const ready = canIssue && query.isSuccess ? monthsToInvoice(ledger, invoices) : [];

  const issueMonth = (month: string) =>
    issue.mutate(
      { month },
      {
        onSuccess: ({ invoice }) =>
          toast({
            title: `Invoice for ${formatMonth(month)} issued`,
            description: `${formatCents(invoice.totalMinor)}, sent to be paid on Stripe's page`,
            tone: 'success',
          }),
      },
    );

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="invoices-title" data-testid="invoices">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="invoices-title" className="card-title text-base">
            Invoices
          </h2>
          <p className="text-sm text-base-content/70">
            A month is invoiced once it has ended: one line per attended meeting, less credits for meetings corrected to no-shows.
          </p>
        </div>
        {query.isError && <ErrorAlert message={query.error.message} />}
        {query.isPending && <span role="status" className="loading loading-spinner loading-md" aria-label="Loading the invoices" />}
        {ready.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label="Months ready to invoice">
            {ready.map((row) => (
              <li
                key={row.month}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box bg-base-200 px-4 py-3"
                data-testid={`ready-${row.month}`}
              >
                <span className="text-sm">
                  <span className="font-medium">{formatMonth(row.month)}</span> has ended: {formatCount(row.meetingsCharged, 'meeting')}{' '}
                  charged, not invoiced yet
                </span>
                <button
                  type="button"
                  className="btn btn-primary btn-sm ml-auto"
                  disabled={issue.isPending}
                  onClick={() => issueMonth(row.month)}
                >
                  {issue.isPending && issue.variables.month === row.month && (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  )}
                  Issue invoice
                </button>
              </li>
            ))}
          </ul>
        )}
        {issue.isError && <ErrorAlert message={refusalText(issue.error)} />}
        {query.isSuccess &&
          (invoices.length === 0 ? (
            <p className="text-sm text-base-content/70" data-testid="invoices-empty">
              No invoices yet.{' '}
              {canIssue
                ? 'Issue one here once a month with attended meetings has ended.'
                : 'Owners and admins issue them once a month has ended.'}
            </p>
          ) : (
            <ul className="divide-y divide-base-200">
              {invoices.map((invoice) => (
                <InvoiceRow
                  key={`${invoice.month}-${invoice.kind}`}
                  invoice={invoice}
                  issuing={issue.isPending}
                  onIssue={canIssue && invoice.kind === 'usage' && invoice.status === 'issuing' ? () => issueMonth(invoice.month) : null}
                />
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}
