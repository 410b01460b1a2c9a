import { useRef, useState } from 'react';
import { useToast } from '../../../lib/toast.ts';
import { useSaveBid, type Bid, type PricingSlice } from '../api/pricing-api.ts';
import { formatCount } from '../../../utils/format.ts';
import { BID_LIMITS, dailyCost, formatUsd, numberInput, previewPrice, type PricePreview } from '../utils/pricing.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

/** The bid form's starting values: the slice's bid, or the spec's defaults. */
function initialBid(slice: PricingSlice, bid: Bid | undefined): Bid {
  return (
    bid ?? {
      sliceId: slice.sliceId,
      isEnabled: slice.isActive,
      baseBid: BID_LIMITS.baseBid.default,
      maxDailyMeetings: BID_LIMITS.maxDailyMeetings.default,
      dailyBudgetCap: BID_LIMITS.dailyBudgetCap.default,
    }
  );
}

/**
 * What the bid means to the buyer: the price per attended meeting it gives, what is charged and
 * when, what a day of meetings costs at it, and the range it moves in. The formula behind it is one
 * click away ("How is this computed?"), for whoever wants to check it.
 */
function PricePreviewBox({ slice, preview, bid }: { slice: PricingSlice; preview: PricePreview; bid: Bid }) {
  const meetingsPerDay = bid.maxDailyMeetings;
  const price = formatUsd(preview.price);
  const perDay = dailyCost(preview.price, meetingsPerDay);
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3 text-sm" data-testid="price-preview">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span>Price per attended meeting</span>
        <strong className="text-2xl tabular-nums" data-testid="preview-price">
          {price}
        </strong>
      </p>
      <p data-testid="price-meaning">
        Each meeting in this slice that takes place is charged the slice’s price when it is marked attended: {price} today. A no-show costs
        nothing.
      </p>
      {perDay !== null && (
        <p data-testid="price-per-day">
          {formatCount(meetingsPerDay, 'meeting')} a day at this price: {formatUsd(perDay)} a day
          {perDay > bid.dailyBudgetCap ? `, more than your daily budget cap of ${formatUsd(bid.dailyBudgetCap)}.` : '.'}
        </p>
      )}
      <p className="text-base-content/70" data-testid="price-range">
        {preview.clamped === 'floor'
          ? `This is the slice’s lowest price, ${formatUsd(slice.floor)}: a lower multiplier does not go below it.`
          : preview.clamped === 'cap'
            ? `This is the slice’s highest price, ${formatUsd(slice.cap)}: a higher multiplier does not go above it.`
            : `The price stays between ${formatUsd(slice.floor)} and ${formatUsd(slice.cap)}, and moves as the slice’s measured quality and show-up rate change.`}
      </p>
      <details className="text-base-content/70">
        <summary className="cursor-pointer">How is this computed?</summary>
        <div className="mt-1 flex flex-col gap-1" data-testid="preview-formula">
          <p className="wrap-anywhere">{preview.formula}</p>
          <p>
            The result is kept between the slice’s floor, {formatUsd(slice.floor)}, and cap, {formatUsd(slice.cap)}. Quality and meeting
            probability are the slice’s current estimates, updated from its outcomes.
          </p>
        </div>
      </details>
    </div>
  );
}

/** "Configure": the bid on one slice, with its price and what it means; the server's refusal stays in the dialog. */
export function BidDialog({ slice, bid, onClose }: { slice: PricingSlice; bid: Bid | undefined; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<Bid>(() => initialBid(slice, bid));
  const save = useSaveBid();
  const toast = useToast();
  const preview = previewPrice({ ...slice, baseBid: form.baseBid });
  useModalDialog(dialog);

  const submit = () =>
    save.mutate(form, {
      onSuccess: (saved) => {
        toast({
          title: 'Bid Saved',
          description: `${slice.sliceName}: ${saved.isEnabled ? 'active' : 'inactive'} at ${formatUsd(saved.ppm)} per meeting`,
          tone: 'success',
        });
        onClose();
      },
    });
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="bid-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        method="dialog"
        noValidate
        className="modal-box flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id="bid-title" className="text-lg font-bold">
          Configure {slice.sliceName}
        </h3>
        <label className="flex flex-col gap-1">
          <span className="flex justify-between text-sm">
            <span>Base bid multiplier</span>
            <span className="font-medium tabular-nums">{form.baseBid.toFixed(1)}×</span>
          </span>
          <input
            type="range"
            className="range range-primary range-sm w-full"
            aria-label="Base bid multiplier"
            value={form.baseBid}
            min={BID_LIMITS.baseBid.min}
            max={BID_LIMITS.baseBid.max}
            step={BID_LIMITS.baseBid.step}
            onChange={(event) => setForm({ ...form, baseBid: Number(event.target.value) })}
          />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm">
            Max daily meetings
            <input
              type="number"
              className="input input-bordered w-full"
              value={form.maxDailyMeetings}
              min={BID_LIMITS.maxDailyMeetings.min}
              max={BID_LIMITS.maxDailyMeetings.max}
              step={1}
              aria-describedby="bid-limits-note"
              onChange={(event) => setForm({ ...form, maxDailyMeetings: numberInput(event.target.value) })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Daily budget cap ($)
            <input
              type="number"
              className="input input-bordered w-full"
              value={form.dailyBudgetCap}
              min={BID_LIMITS.dailyBudgetCap.min}
              step={BID_LIMITS.dailyBudgetCap.step}
              aria-describedby="bid-limits-note"
              onChange={(event) => setForm({ ...form, dailyBudgetCap: numberInput(event.target.value) })}
            />
          </label>
          <p id="bid-limits-note" className="text-xs text-base-content/70 sm:col-span-2">
            Saved with your bid. Booking does not hold to these two limits yet.
          </p>
        </div>
        <label className="flex items-center justify-between gap-3 text-sm">
          Enable bidding on this slice
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={form.isEnabled}
            aria-label="Enable bidding"
            onChange={(event) => setForm({ ...form, isEnabled: event.target.checked })}
          />
        </label>
        <PricePreviewBox slice={slice} preview={preview} bid={form} />
        {save.isError && (
          <p role="alert" className="text-sm text-error" data-testid="bid-error">
            {save.error.message}
          </p>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Save Bid
          </button>
        </div>
      </form>
    </dialog>
  );
}
