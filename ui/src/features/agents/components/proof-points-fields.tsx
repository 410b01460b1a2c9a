import { blankProofPoint, nextRowId, OFFER_LIMITS, type OfferErrors, type ProofPointRow } from '../utils/offer-form.ts';
import { useContext } from 'react';
import { OfferField, OfferReadOnly } from './offer-field.tsx';

/** Up to 10 proof points: results the team may cite, each with the customer and result when there are. */
export function ProofPointsFields({
  rows,
  errors,
  onChange,
}: {
  rows: readonly ProofPointRow[];
  errors: OfferErrors;
  onChange: (rows: ProofPointRow[]) => void;
}) {
  const { max } = OFFER_LIMITS.proofPoints;
  const readOnly = useContext(OfferReadOnly);
  const update = (id: number, change: Partial<ProofPointRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby="offer-proofPoints-note">
      <legend className="text-sm font-semibold">
        Proof points <span className="ml-1 text-xs font-normal text-base-content/60">optional</span>
      </legend>
      <p id="offer-proofPoints-note" className={`-mt-1 text-xs ${errors.proofPoints ? 'text-error' : 'text-base-content/60'}`}>
        {errors.proofPoints ?? `Up to ${max} results your team is happy to cite. Meetflow claims nothing about you that is not here.`}
      </p>
      {readOnly && rows.length === 0 && <p className="text-sm text-base-content/60">None yet.</p>}
      {rows.length > 0 && (
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => {
            const heading = `offer-proof-point-${row.id}`;
            return (
              <li key={row.id} className="rounded-box border border-base-200 p-3" data-testid="proof-point-row">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <span id={heading} className="text-xs font-semibold text-base-content/70">
                    Proof point {index + 1}
                  </span>
                  {!readOnly && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={`Remove proof point ${index + 1}`}
                      onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
                    >
                      ✕ Remove
                    </button>
                  )}
                </div>
                <div className="grid gap-3 md:grid-cols-2">
                  <div className="md:col-span-2">
                    <OfferField
                      path={`proofPoints.${index}.text`}
                      within={heading}
                      label="The sentence to send"
                      sentence
                      placeholder="Kestrel cut SDR ramp time from 6 months to 3."
                      value={row.text}
                      error={errors[`proofPoints.${index}.text`]}
                      onChange={(text) => update(row.id, { text })}
                    />
                  </div>
                  <OfferField
                    path={`proofPoints.${index}.customer`}
                    within={heading}
                    label="Customer"
                    optional
                    placeholder="Kestrel"
                    value={row.customer}
                    error={errors[`proofPoints.${index}.customer`]}
                    onChange={(customer) => update(row.id, { customer })}
                  />
                  <OfferField
                    path={`proofPoints.${index}.result`}
                    within={heading}
                    label="Result"
                    optional
                    placeholder="ramp time halved"
                    value={row.result}
                    error={errors[`proofPoints.${index}.result`]}
                    onChange={(result) => update(row.id, { result })}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && (
        <button
          type="button"
          className="btn btn-sm self-start"
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, blankProofPoint(nextRowId(rows))])}
        >
          + Add proof point
        </button>
      )}
    </fieldset>
  );
}
