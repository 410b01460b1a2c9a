import { blankValueProp, nextRowId, OFFER_LIMITS, type OfferErrors, type ValuePropRow } from '../utils/offer-form.ts';
import { useContext, useDeferredValue } from 'react';
import { useEmailSentence } from './email-sentence.tsx';
import { OfferField, OfferReadOnly } from './offer-field.tsx';

/** The 2–5 value propositions: each the buyer's problem and what changes, added and removed as rows. */
export function ValuePropsFields({
  rows,
  errors,
  seller,
  onChange,
}: {
  rows: readonly ValuePropRow[];
  errors: OfferErrors;
  /** The company name typed so far: the example sentences name it. */
  seller: string;
  onChange: (rows: ValuePropRow[]) => void;
}) {
  const { min, max } = OFFER_LIMITS.valueProps;
  const readOnly = useContext(OfferReadOnly);
  const emailSentence = useEmailSentence();
  // Typing stays quick: the example sentences follow the text when the browser has a moment.
  const typed = useDeferredValue(rows);
  const typedRow = (id: number) => typed.find((row) => row.id === id);
  const update = (id: number, change: Partial<ValuePropRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby="offer-valueProps-note">
      <legend className="text-sm font-semibold">Value propositions</legend>
      <p id="offer-valueProps-note" className={`-mt-1 text-xs ${errors.valueProps ? 'text-error' : 'text-base-content/60'}`}>
        {errors.valueProps ??
          `${min} to ${max} reasons to buy: the buyer's problem, and what changes once it is solved. Each email leads with one.`}
      </p>
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const heading = `offer-value-prop-${row.id}`;
          return (
            <li key={row.id} className="rounded-box border border-base-200 p-3" data-testid="value-prop-row">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span id={heading} className="text-xs font-semibold text-base-content/70">
                  Value proposition {index + 1}
                </span>
                {!readOnly && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Remove value proposition ${index + 1}`}
                    title={rows.length <= min ? `At least ${min} are needed` : undefined}
                    disabled={rows.length <= min}
                    onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
                  >
                    ✕ Remove
                  </button>
                )}
              </div>
              <div className="grid gap-3 md:grid-cols-[2fr_3fr]">
                <OfferField
                  path={`valueProps.${index}.pain`}
                  within={heading}
                  label="Buyer's problem"
                  placeholder="manual prospect research"
                  value={row.pain}
                  error={errors[`valueProps.${index}.pain`]}
                  example={emailSentence('pain', typedRow(row.id)?.pain ?? '', seller)}
                  onChange={(pain) => update(row.id, { pain })}
                />
                <OfferField
                  path={`valueProps.${index}.value`}
                  within={heading}
                  label="What changes (…so)"
                  sentence
                  placeholder="your reps only talk to accounts that fit"
                  value={row.value}
                  error={errors[`valueProps.${index}.value`]}
                  example={emailSentence('value', typedRow(row.id)?.value ?? '', seller)}
                  onChange={(value) => update(row.id, { value })}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <button
          type="button"
          className="btn btn-sm self-start"
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, blankValueProp(nextRowId(rows))])}
        >
          + Add value proposition
        </button>
      )}
    </fieldset>
  );
}
