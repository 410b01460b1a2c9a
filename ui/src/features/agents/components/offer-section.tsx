import { useEffect, useRef, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { roleAtLeast, roleLabel, useCurrentRole } from '../../auth/index.ts';
import { useOfferForm } from '../hooks/use-offer-form.ts';
import type { OfferForm } from '../utils/offer-form.ts';
import { OfferAudienceFields } from './offer-audience-fields.tsx';
import { OfferField, OfferReadOnly } from './offer-field.tsx';
import { OfferPreviewCard } from './offer-preview-card.tsx';
import { ProofPointsFields } from './proof-points-fields.tsx';
import { ValuePropsFields } from './value-props-fields.tsx';

/** The form's fields typed as one string each. */
type TextKey = Exclude<{ [K in keyof OfferForm]: OfferForm[K] extends string ? K : never }[keyof OfferForm], 'tone'>;

/** Why a member below admin cannot save the offer (the API refuses them too). */
export const ADMINS_ONLY = 'Only admins and owners can change the offer';

/**
 * "Company & offer": what the workspace sells, which every email pitches (PUT /api/offer).
 * Tells the reader when there is no offer yet (no copy can be written) or when it is the
 * seeded sample; reports unsaved changes to the page, which asks before leaving.
 */
export function OfferSection({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { query, offer, form, errors, alert, dirty, saving, change, discard, save } = useOfferForm();
  const role = useCurrentRole();
  const readOnly = role !== null && !roleAtLeast(role, 'admin');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Refused before sending: take the user to the first problem.
    if (!save()) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  // The props of a plain text field: its value, its problem, and the change that sets it.
  const text = (key: TextKey, path: string = key) => ({
    path,
    value: form?.[key] ?? '',
    error: errors[path],
    onChange: (value: string) => {
      if (form) change({ ...form, [key]: value });
    },
  });

  return (
    <section className="card bg-base-100 shadow-sm" aria-label="Company & offer">
      <form ref={formRef} noValidate onSubmit={submit} className="card-body gap-5 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="card-title text-base">Company &amp; offer</h2>
          {offer?.sample && (
            <span className="badge badge-warning" data-testid="offer-sample-badge">
              Sample
            </span>
          )}
          {dirty && <span className="badge badge-outline badge-warning">Unsaved changes</span>}
        </div>
        <p className="-mt-3 text-sm text-base-content/70">
          Every email Meetflow writes pitches what you describe here, and claims nothing about you beyond it.
        </p>
        {query.isSuccess && !offer && (
          <div role="note" className="alert alert-warning alert-soft" data-testid="offer-missing">
            <span>
              <strong>Tell Meetflow what you sell.</strong> Emails cannot be written until this offer is filled in and saved.
            </span>
          </div>
        )}
        {offer?.sample && (
          <div role="note" className="alert alert-info alert-soft" data-testid="offer-sample-note">
            <span>
              This is the seeded demo offer for a fictional company: sample data. Describe your own product and save; saving makes the offer
              yours.
            </span>
          </div>
        )}
        {query.isError && <ErrorAlert message={query.error.message} />}
        {query.isPending && <span className="loading loading-spinner loading-md" aria-label="Loading the offer" />}
        {form && (
          <OfferReadOnly.Provider value={readOnly}>
            <fieldset disabled={saving} className="flex min-w-0 flex-col gap-5">
              <div className="grid gap-4 md:grid-cols-2">
                <OfferField {...text('companyName')} label="Company name" placeholder="Acme Analytics" />
                <OfferField {...text('website')} label="Website" optional type="url" inputMode="url" placeholder="https://acme.com" />
                <div className="md:col-span-2">
                  <OfferField
                    {...text('oneLiner')}
                    label="What you sell, in one line"
                    sentence
                    placeholder="books qualified sales meetings with your ideal customers"
                    hint={`Completes "${form.companyName.trim() || 'Your company'} …"`}
                  />
                </div>
              </div>
              <ValuePropsFields
                rows={form.valueProps}
                errors={errors}
                seller={form.companyName}
                onChange={(valueProps) => change({ ...form, valueProps })}
              />
              <ProofPointsFields rows={form.proofPoints} errors={errors} onChange={(proofPoints) => change({ ...form, proofPoints })} />
              <div className="grid gap-x-6 gap-y-5 lg:grid-cols-2">
                <OfferAudienceFields form={form} errors={errors} onChange={change} />
                <div className="flex min-w-0 flex-col gap-4">
                  <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
                    <OfferField
                      {...text('meetingMinutes', 'callToAction.meetingMinutes')}
                      label="Meeting length"
                      hint="Minutes, 5 to 120."
                      type="number"
                      inputMode="numeric"
                      min={5}
                      max={120}
                    />
                    <OfferField
                      {...text('bookingLink', 'callToAction.bookingLink')}
                      label="Booking link"
                      optional
                      type="url"
                      inputMode="url"
                      placeholder="https://cal.example/acme/intro"
                    />
                  </div>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <OfferField {...text('senderName')} label="Sender name" placeholder="Dana Reyes" />
                    <OfferField {...text('senderTitle')} label="Sender title" optional placeholder="Head of Growth" />
                  </div>
                  <OfferPreviewCard form={form} />
                </div>
              </div>
            </fieldset>
          </OfferReadOnly.Provider>
        )}
        {alert && <ErrorAlert message={alert} />}
        {form && (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {readOnly && role && (
              <span className="mr-auto text-sm text-base-content/70" data-testid="offer-read-only">
                {ADMINS_ONLY}; your role here is {roleLabel(role)}.
              </span>
            )}
            {dirty && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={discard} disabled={saving}>
                Discard changes
              </button>
            )}
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={readOnly || saving}
              title={readOnly ? ADMINS_ONLY : undefined}
            >
              {saving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {saving ? 'Saving…' : 'Save Offer'}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
