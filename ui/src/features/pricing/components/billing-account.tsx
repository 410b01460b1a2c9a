import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { formatMonth } from '../../../utils/format.ts';
import { roleAtLeast, roleLabel, useCurrentRole } from '../../auth/index.ts';
import {
  billingAccountQueryOptions,
  nextPrepayQueryOptions,
  PAYMENT_PROVIDERS,
  providerLabel,
  useSaveBillingAccount,
  type BillingAccount,
  type PaymentProvider,
} from '../api/billing-api.ts';
import { dollarsToCents, monthOf } from '../utils/billing.ts';
import { formatCents } from '../utils/pricing.ts';

/** Why a member below admin cannot change the billing account (the API refuses them too). */
export const BILLING_ADMINS_ONLY = 'Only admins and owners can change the billing account';

const FIELDS = ['billingEmail', 'companyName', 'line1', 'line2', 'city', 'postalCode', 'country', 'taxId', 'monthlyPrepay'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = {
  billingEmail: '',
  companyName: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  country: '',
  taxId: '',
  monthlyPrepay: '',
};

/** Integer cents as the dollars one would type ("250.00"), from the integer's digits; empty for none. */
const dollarsOf = (minor: number): string => (minor > 0 ? `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}` : '');

const PREPAY_HINT =
  "In dollars, e.g. 250.00; empty for none. Credits are invoiced at each month's start, attended meetings draw from them, and unused credits roll over.";

/** How the form offers the pre-pay: sized from the bids, or the amount typed (empty for none). */
type PrepayChoice = 'bids' | 'fixed';

/**
 * What a pre-pay from the bids comes to next month (GET /api/billing/prepay), slice by slice, as
 * the API explains it: each is the slice's price under its bid × last month's attended meetings, capped.
 */
function BidsPrepayPreview() {
  const query = useQuery(nextPrepayQueryOptions());
  if (query.isPending)
    return <span role="status" className="loading loading-spinner loading-sm" aria-label="Loading the pre-pay from your bids" />;
  if (query.isError) return <ErrorAlert message={query.error.message} />;
  const { month, fromBids, invoiced, amountMinor } = query.data;
  if (invoiced || !fromBids)
    return (
      <p className="text-sm" data-testid="billing-prepay-bids">
        {formatMonth(month)}'s pre-pay was invoiced: {formatCents(amountMinor)}.
      </p>
    );
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm" data-testid="billing-prepay-bids">
      <p>
        <span className="font-semibold" data-testid="billing-prepay-bids-total">
          {formatCents(fromBids.amountMinor)}
        </span>{' '}
        for {formatMonth(month)}, from {formatMonth(fromBids.basedOn)}'s attended meetings
        {/* Until that month is over the figure moves with each meeting marked. */}
        {fromBids.basedOn === monthOf(new Date()) ? ' so far' : ''}
      </p>
      {fromBids.slices.length === 0 ? (
        <p className="text-base-content/60">No slice has an enabled bid, so nothing would be pre-paid: set bids in the Marketplace.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-xs text-base-content/70">
          {fromBids.slices.map((slice) => (
            <li key={slice.sliceId} className="wrap-anywhere">
              <span className="font-medium text-base-content">{slice.sliceName}</span>: {slice.reason}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-base-content/60">
        Sized again as each month starts: the price under each bid × the slice's attended meetings the month before, at most the bid's max
        daily meetings × the month's working days.
      </p>
    </div>
  );
}

const valuesOf = (account: BillingAccount | null): Values =>
  account
    ? {
        billingEmail: account.billingEmail,
        companyName: account.companyName,
        line1: account.address.line1,
        line2: account.address.line2 ?? '',
        city: account.address.city,
        postalCode: account.address.postalCode,
        country: account.address.country,
        taxId: account.taxId ?? '',
        monthlyPrepay: dollarsOf(account.monthlyPrepayMinor),
      }
    : EMPTY;

// The API names an address field by its path (address.city) and the pre-pay in cents; the form by its own name.
const fieldOf = (path: string): string => (path === 'monthlyPrepayMinor' ? 'monthlyPrepay' : path.replace(/^address\./, ''));

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** The country's name for a two-letter code, or null while it is not one. */
function countryName(code: string): string | null {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

interface InputProps {
  field: Field;
  label: string;
  values: Values;
  errors: Record<string, string>;
  onChange: (field: Field, value: string) => void;
  optional?: boolean;
  hint?: string | undefined;
  type?: string;
  inputMode?: 'decimal';
  maxLength?: number;
  autoComplete?: string;
  className?: string;
}

function Input({
  field,
  label,
  values,
  errors,
  onChange,
  optional,
  hint,
  type = 'text',
  inputMode,
  maxLength,
  autoComplete,
  className,
}: InputProps) {
  const error = errors[field];
  const id = `billing-${field}`;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ''}`}>
      <label className="text-sm font-medium" htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-base-content/60"> (optional)</span>}
      </label>
      <input
        id={id}
        name={field}
        type={type}
        inputMode={inputMode}
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={values[field]}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        onChange={(event) => onChange(field, event.target.value)}
      />
      {(error || hint) && (
        <span id={`${id}-note`} className={`text-xs ${error ? 'text-error' : 'text-base-content/60'}`}>
          {error ?? hint}
        </span>
      )}
    </div>
  );
}

/** The saved account as text: what a member below admin sees. */
function AccountSummary({ account }: { account: BillingAccount }) {
  const address = [account.address.line1, account.address.line2, `${account.address.postalCode} ${account.address.city}`]
    .filter(Boolean)
    .join(', ');
  const rows: Array<[string, string]> = [
    ['Billing email', account.billingEmail],
    ['Company (legal name)', account.companyName],
    ['Address', `${address}, ${countryName(account.address.country) ?? account.address.country}`],
    ['Tax ID', account.taxId ?? '—'],
    ['Currency', account.currency],
    ['Payment provider', providerLabel(account.provider)],
    [
      'Monthly pre-pay',
      account.prepayMode === 'bids'
        ? 'From the bids'
        : account.monthlyPrepayMinor > 0
          ? formatCents(account.monthlyPrepayMinor)
          : 'No monthly pre-pay',
    ],
  ];
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]" data-testid="billing-account-summary">
        {rows.map(([term, value]) => (
          <div key={term} className="contents" data-testid={term === 'Monthly pre-pay' ? 'billing-account-prepay' : undefined}>
            <dt className="text-base-content/60">{term}</dt>
            <dd className="wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      {account.prepayMode === 'bids' && <BidsPrepayPreview />}
    </>
  );
}

/** The form, for owners and admins: the whole account saved at once (PUT /api/billing/account), with a toast. */
function AccountForm({ account }: { account: BillingAccount | null }) {
  const [values, setValues] = useState<Values>(() => valuesOf(account));
  const [provider, setProvider] = useState<PaymentProvider>(account?.provider ?? PAYMENT_PROVIDERS[0]!.id);
  const [prepayChoice, setPrepayChoice] = useState<PrepayChoice>(account?.prepayMode === 'bids' ? 'bids' : 'fixed');
  // The pre-pay's own error shows once it was left or a save was tried, then follows the typing.
  const [prepayChecked, setPrepayChecked] = useState(false);
  const save = useSaveBillingAccount();
  const toast = useToast();
  const error = save.error instanceof ApiError ? save.error : null;
  const prepay = dollarsToCents(values.monthlyPrepay);
  const errors: Record<string, string> = {
    ...Object.fromEntries(Object.entries(error?.fields ?? {}).map(([path, problem]) => [fieldOf(path), problem])),
    ...(prepayChecked && prepayChoice === 'fixed' && prepay.error ? { monthlyPrepay: prepay.error } : {}),
  };
  const change = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const props = { values, errors, onChange: change };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPrepayChecked(true);
    if (prepayChoice === 'fixed' && prepay.minor === undefined) {
      document.getElementById('billing-monthlyPrepay')?.focus();
      return;
    }
    const optional = (value: string) => (value.trim() === '' ? null : value.trim());
    save.mutate(
      {
        billingEmail: values.billingEmail.trim(),
        companyName: values.companyName.trim(),
        address: {
          line1: values.line1.trim(),
          line2: optional(values.line2),
          city: values.city.trim(),
          postalCode: values.postalCode.trim(),
          country: values.country.trim(),
        },
        taxId: optional(values.taxId),
        currency: 'USD',
        provider,
        // A fixed amount is sent alone, as it always was (empty: none); from the bids, no amount is kept.
        ...(prepayChoice === 'bids' ? { prepayMode: 'bids' as const } : { monthlyPrepayMinor: prepay.minor ?? 0 }),
      },
      {
        onSuccess: ({ account: saved }) => {
          toast({
            title: 'Billing account saved',
            description: saved ? `Invoices go to ${saved.billingEmail}` : undefined,
            tone: 'success',
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Billing account">
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <Input {...props} field="billingEmail" label="Billing email" type="email" autoComplete="email" />
        <Input {...props} field="companyName" label="Company (legal name)" autoComplete="organization" />
        <Input {...props} field="line1" label="Address" autoComplete="address-line1" />
        <Input {...props} field="line2" label="Address line 2" optional autoComplete="address-line2" />
        <Input {...props} field="city" label="City" autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <Input {...props} field="postalCode" label="Postal code" autoComplete="postal-code" />
          <Input
            {...props}
            field="country"
            label="Country"
            maxLength={2}
            autoComplete="country"
            hint={countryName(values.country) ?? 'Two letters, e.g. US'}
          />
        </div>
        <Input {...props} field="taxId" label="Tax ID" optional maxLength={64} hint="VAT number, EIN or similar" />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-sm font-medium">Currency</span>
          <span className="input w-full items-center bg-base-200 text-base-content/70" data-testid="billing-currency">
            USD
          </span>
          <span className="text-xs text-base-content/60">The only currency billed for now</span>
        </div>
        <label className="flex min-w-0 flex-col gap-1 sm:col-span-2">
          <span className="text-sm font-medium">Payment provider</span>
          <select
            className={`select w-full ${errors.provider ? 'select-error' : ''}`}
            value={provider}
            onChange={(event) => setProvider(event.target.value as PaymentProvider)}
            aria-invalid={errors.provider ? true : undefined}
            data-testid="billing-provider"
          >
            {PAYMENT_PROVIDERS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <span className={`text-xs ${errors.provider ? 'text-error' : 'text-base-content/60'}`}>
            {errors.provider ?? PAYMENT_PROVIDERS.find((option) => option.id === provider)?.how}
          </span>
        </label>
        <div className="flex min-w-0 flex-col gap-2 sm:col-span-2">
          <span id="billing-prepay-choice" className="text-sm font-medium">
            Pre-paid meeting credits
          </span>
          <div role="radiogroup" aria-labelledby="billing-prepay-choice" className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ['bids', 'From my bids'],
                ['fixed', 'A fixed amount'],
              ] as const
            ).map(([choice, label]) => (
              <label key={choice} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="prepayChoice"
                  value={choice}
                  checked={prepayChoice === choice}
                  onChange={() => setPrepayChoice(choice)}
                  data-testid={`billing-prepay-choice-${choice}`}
                />
                {label}
              </label>
            ))}
          </div>
          {prepayChoice === 'bids' ? (
            <BidsPrepayPreview />
          ) : (
            <div onBlur={() => setPrepayChecked(true)}>
              <Input {...props} field="monthlyPrepay" label="Monthly pre-pay" optional inputMode="decimal" hint={PREPAY_HINT} />
            </div>
          )}
        </div>
      </fieldset>
      {error && Object.keys(errors).length === 0 && <ErrorAlert message={error.text} />}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save billing account
        </button>
      </div>
    </form>
  );
}

/** Billing account (GET /api/billing/account): a form for owners and admins, read-only for other members. */
export function BillingAccountCard() {
  const query = useQuery(billingAccountQueryOptions());
  const role = useCurrentRole();
  const canEdit = role !== null && roleAtLeast(role, 'admin');
  const account = query.data?.account ?? null;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="billing-account-title" data-testid="billing-account">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="billing-account-title" className="card-title text-base">
            Billing account
          </h2>
          <p className="text-sm text-base-content/70">Who invoices are made out to, and where they are sent.</p>
        </div>
        {query.isError && <ErrorAlert message={query.error.message} />}
        {query.isPending && <span role="status" className="loading loading-spinner loading-md" aria-label="Loading the billing account" />}
        {query.isSuccess &&
          (canEdit ? (
            <AccountForm account={account} />
          ) : (
            <>
              {account ? (
                <AccountSummary account={account} />
              ) : (
                <p className="text-sm text-base-content/70" data-testid="billing-account-none">
                  No billing account yet.
                </p>
              )}
              {role && (
                <p className="text-sm text-base-content/60" data-testid="billing-account-read-only">
                  {BILLING_ADMINS_ONLY}; your role here is {roleLabel(role)}.
                </p>
              )}
            </>
          ))}
      </div>
    </section>
  );
}
