import { splitList, type OfferErrors, type OfferForm } from '../utils/offer-form.ts';
import { useContext } from 'react';
import { OfferField, OfferReadOnly } from './offer-field.tsx';

const TONES = [
  { tone: 'plain', label: 'Plain', detail: '"Hi Dana," … "Best,": short and direct.' },
  { tone: 'formal', label: 'Formal', detail: '"Dear Dana," … "Kind regards,": courteous.' },
] as const;

/** Who the offer is for (titles and seniority, comma-separated, shown back as chips) and the tone the emails take. */
export function OfferAudienceFields({
  form,
  errors,
  onChange,
}: {
  form: OfferForm;
  errors: OfferErrors;
  onChange: (form: OfferForm) => void;
}) {
  const titles = splitList(form.titles);
  const readOnly = useContext(OfferReadOnly);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2">
        <OfferField
          path="personas.titles"
          label="Buyer titles"
          placeholder="VP of Sales, Head of Revenue Operations"
          hint="Comma-separated: the people you sell to."
          value={form.titles}
          error={errors['personas.titles']}
          onChange={(value) => onChange({ ...form, titles: value })}
        />
        {titles.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Buyer titles as saved" data-testid="offer-title-chips">
            {titles.map((title) => (
              <li key={title} className="badge badge-ghost badge-sm h-auto max-w-full py-0.5 wrap-anywhere">
                {title}
              </li>
            ))}
          </ul>
        )}
      </div>
      <OfferField
        path="personas.seniority"
        label="Seniority"
        optional
        placeholder="VP, Director"
        hint="Comma-separated."
        value={form.seniority}
        error={errors['personas.seniority']}
        onChange={(value) => onChange({ ...form, seniority: value })}
      />
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Tone</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {TONES.map(({ tone, label, detail }) => (
            <label
              key={tone}
              className={`flex items-start gap-2 rounded-box border p-3 ${form.tone === tone ? 'border-primary' : 'border-base-200'} ${readOnly ? '' : 'cursor-pointer'}`}
            >
              <input
                type="radio"
                name="offer-tone"
                className="radio radio-primary radio-sm mt-0.5"
                checked={form.tone === tone}
                disabled={readOnly}
                onChange={() => onChange({ ...form, tone })}
              />
              <span>
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-xs text-base-content/60">{detail}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
