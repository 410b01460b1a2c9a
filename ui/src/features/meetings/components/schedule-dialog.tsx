import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useToast } from '../../../lib/toast.ts';
import { prospectOptionsQueryOptions, slotsQueryOptions, useBookMeeting, type ProspectOption, type Slot } from '../api/meetings-api.ts';
import { longDateTime } from '../utils/meeting-stats.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';
import { SlotSource } from './slot-source.tsx';

/** "Schedule Meeting": pick a prospect, pick one of the offered slots, book; the invitation can be downloaded. */
export function ScheduleDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [search, setSearch] = useState('');
  const [prospect, setProspect] = useState<ProspectOption | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const prospects = useQuery(prospectOptionsQueryOptions(search.trim()));
  const slots = useQuery(slotsQueryOptions());
  const book = useBookMeeting();
  const toast = useToast();
  useModalDialog(dialog);

  const submit = () => {
    if (!prospect || !slot) return;
    book.mutate(
      { prospect, slot },
      {
        onSuccess: ({ meeting }) =>
          toast({
            title: 'Meeting Scheduled',
            description: `Meeting with ${meeting.prospectName}, ${longDateTime(meeting.scheduledAt)}`,
            tone: 'success',
          }),
      },
    );
  };
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="schedule-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box flex max-w-xl flex-col gap-4">
        <h3 id="schedule-title" className="text-lg font-bold">
          Schedule Meeting
        </h3>
        {book.isSuccess ? (
          <div className="flex flex-col gap-3" data-testid="booked">
            <p>
              Booked: meeting with {book.data.meeting.prospectName}, {longDateTime(book.data.meeting.scheduledAt)}.
            </p>
            <a
              className="btn btn-outline btn-sm w-fit"
              download={`meeting-${book.data.meeting.id}.ics`}
              href={`data:text/calendar;charset=utf-8,${encodeURIComponent(book.data.ics)}`}
            >
              Download invitation (.ics)
            </a>
          </div>
        ) : (
          <>
            <label className="flex flex-col gap-1 text-sm">
              Prospect
              <input
                type="search"
                className="input input-bordered w-full"
                placeholder="Search by name, company or email"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setProspect(null);
                }}
              />
            </label>
            <ul className="max-h-40 overflow-y-auto rounded-box border border-base-300" aria-label="Prospects">
              {prospects.data?.length === 0 && (
                <li className="p-3 text-sm text-base-content/60">No prospect matches; add prospects first.</li>
              )}
              {prospects.data?.map((option) => (
                <li key={option.id}>
                  <label className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm hover:bg-base-200">
                    <input
                      type="radio"
                      name="prospect"
                      className="radio radio-sm"
                      checked={prospect?.id === option.id}
                      onChange={() => setProspect(option)}
                    />
                    {option.firstName} {option.lastName} · {option.company}
                  </label>
                </li>
              ))}
            </ul>
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm">Offered slots (your time zone)</legend>
              {slots.isError && <p className="text-sm text-error">{slots.error.message}</p>}
              {slots.data?.source.warning && <SlotSource source={slots.data.source} />}
              {slots.data?.slots.map((option) => (
                <label key={option.start} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="slot"
                    className="radio radio-sm"
                    checked={slot?.start === option.start}
                    onChange={() => setSlot(option)}
                  />
                  {longDateTime(option.start)}
                </label>
              ))}
            </fieldset>
            {book.isError && (
              <p role="alert" className="text-sm text-error" data-testid="book-error">
                {book.error.message}
              </p>
            )}
          </>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {book.isSuccess ? 'Close' : 'Cancel'}
          </button>
          {!book.isSuccess && (
            <button type="button" className="btn btn-primary" disabled={!prospect || !slot || book.isPending} onClick={submit}>
              {book.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Book Meeting
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
