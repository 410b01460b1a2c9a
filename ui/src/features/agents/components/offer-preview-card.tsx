import type { OfferForm } from '../utils/offer-form.ts';
import { offerPreview } from '../utils/offer-preview.ts';

/** How the copy will refer to the sender, live as the form is typed: the pitch line and the sign-off. */
export function OfferPreviewCard({ form }: { form: OfferForm }) {
  const preview = offerPreview(form);
  return (
    // A div, not a figure: daisyUI lays out a card's figures as centred rows.
    <div role="group" className="rounded-box bg-base-200/60 p-4 text-sm" aria-labelledby="offer-preview-title" data-testid="offer-preview">
      <p id="offer-preview-title" className="mb-2 text-xs font-semibold uppercase tracking-wide text-base-content/60">
        How your emails will put it
      </p>
      <p className="wrap-anywhere" data-testid="offer-preview-pitch">
        {preview.pitch}
      </p>
      <p className="mt-3 wrap-anywhere" data-testid="offer-preview-sign-off">
        {preview.closing}
        {preview.signOff.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </p>
    </div>
  );
}
