import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../lib/toast.ts';
import { useSaveBid, type Bid, type PricingSlice } from '../api/pricing-api.ts';
import { BID_LIMITS, formatUsd, numberInput, previewPrice } from '../utils/pricing.ts';

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

/** "Configure": the bid on one slice, with a live price preview; the server's refusal stays in the dialog. */
export function BidDialog({ slice, bid, onClose }: { slice: PricingSlice; bid: Bid | undefined; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<Bid>(() => initialBid(slice, bid));
  const save = useSaveBid();
  const toast = useToast();
  const preview = previewPrice({ ...slice, baseBid: form.baseBid });
  useEffect(() => dialog.current?.showModal(), []);

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
    <dialog ref={dialog} className="modal" aria-labelledby="bid-title" onCancel={onClose}>
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
              onChange={(event) => setForm({ ...form, dailyBudgetCap: numberInput(event.target.value) })}
            />
          </label>
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
        <div className="rounded-box bg-base-200 p-3" data-testid="price-preview">
          <p className="text-sm">
            Estimated price per meeting:{' '}
            <strong className="tabular-nums" data-testid="preview-price">
              {formatUsd(preview.price)}
            </strong>
          </p>
          <p className="text-xs text-base-content/60 wrap-anywhere">{preview.formula}</p>
        </div>
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
