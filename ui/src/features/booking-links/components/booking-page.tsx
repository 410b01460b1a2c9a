import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import {
  bookingPageQueryOptions,
  invitationHref,
  useBookSlot,
  useCancelMeeting,
  useRescheduleMeeting,
  type BookingPageData,
  type LinkMeeting,
} from '../api/booking-api.ts';
import { browserTimeZone, slotsByDay, timeZones, whenText } from '../utils/slots.ts';

/** The frame of the page: the seller's, not the app's (no sidebar, no sign-in). */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-primary/10 to-base-100">
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">{children}</main>
      <footer className="pb-8 text-center text-sm text-base-content/70">Scheduling by Meetflow</footer>
    </div>
  );
}

/** A link that cannot be used (unknown, expired, withdrawn, used up), or a page that could not load: in words, with what to do. */
function Refusal({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : 0;
  const title = status === 404 ? 'This link is not valid' : status === 410 ? 'This link can no longer be used' : 'The page could not load';
  return (
    <Frame>
      <section className="card border border-base-300 bg-base-100 shadow-sm" data-testid="booking-refused">
        <div className="card-body gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p>{refusalText(error)}</p>
        </div>
      </section>
    </Frame>
  );
}

/** The free times by day, each a button; the chosen one pressed. */
function SlotPicker({
  data,
  timeZone,
  chosen,
  onChoose,
  exclude,
}: {
  data: BookingPageData;
  timeZone: string;
  chosen: string | null;
  onChoose: (start: string) => void;
  exclude?: string | undefined;
}) {
  const days = useMemo(
    () =>
      slotsByDay(
        data.slots.filter((slot) => slot.start !== exclude),
        timeZone,
      ),
    [data.slots, timeZone, exclude],
  );
  const headingId = useId();
  if (days.length === 0)
    return (
      <p className="rounded-box bg-base-200 px-4 py-3" data-testid="no-slots">
        No free time is left to offer. Reply to the email this link came in, and a time will be found with you.
      </p>
    );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Pick a time
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
        {days.map((day) => (
          <div key={day.key} role="group" aria-label={day.label} className="flex flex-col gap-2">
            <h3 className="font-medium">{day.label}</h3>
            <ul className="flex flex-wrap gap-2" aria-label={`Free times on ${day.label}`}>
              {day.slots.map((slot) => (
                <li key={slot.start}>
                  <button
                    type="button"
                    className={`btn btn-sm min-w-20 ${chosen === slot.start ? 'btn-primary' : 'btn-outline'}`}
                    aria-pressed={chosen === slot.start}
                    aria-label={`${slot.time}, ${day.label}`}
                    onClick={() => onChoose(slot.start)}
                  >
                    {slot.time}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The zone the times are shown in: the browser's to start with (or the one the seller knows for them), changeable. */
function ZonePicker({ zone, onChange, known }: { zone: string; onChange: (zone: string) => void; known: string | null }) {
  const zones = useMemo(() => timeZones(zone, known), [zone, known]);
  return (
    <label className="form-control w-full max-w-sm">
      <span className="label-text pb-1 font-medium">Time zone</span>
      <select className="select select-bordered w-full" value={zone} onChange={(event) => onChange(event.target.value)}>
        {zones.map((each) => (
          <option key={each} value={each}>
            {each.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What went wrong with a pick (a time just taken, the link used meanwhile), in the API's words. */
function PickError({ error }: { error: unknown }) {
  if (!error) return null;
  const taken = error instanceof ApiError && error.status === 409;
  return (
    <div role="alert" className="alert alert-error text-sm" data-testid="booking-error">
      <div>
        <p className="font-semibold">{taken ? 'That time could not be booked' : 'Not booked'}</p>
        <p>{refusalText(error)}</p>
        {taken ? <p>The free times below are up to date: pick another.</p> : null}
      </div>
    </div>
  );
}

/** The booked meeting: when, the video call, the .ics, and the way to move or cancel it. */
function Booked({
  token,
  meeting,
  timeZone,
  reschedulesLeft,
  onReschedule,
  onCancelled,
}: {
  token: string;
  meeting: LinkMeeting;
  timeZone: string;
  reschedulesLeft: number;
  onReschedule: () => void;
  onCancelled: () => void;
}) {
  const cancel = useCancelMeeting(token);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="card border border-success/40 bg-base-100 shadow-sm" aria-labelledby="booked-heading" data-testid="booked">
      <div className="card-body gap-4">
        <h2 id="booked-heading" className="text-xl font-bold">
          Booked
        </h2>
        <p className="text-lg" data-testid="booked-time">
          {whenText(meeting.scheduledAt, timeZone)}, {meeting.durationMinutes} minutes
        </p>
        <p>The invitation is on its way to your inbox. Add it to your calendar from there, or from here:</p>
        <div className="flex flex-wrap gap-2">
          <a className="btn btn-primary" href={invitationHref(token)} download="meeting.ics">
            Add to calendar (.ics)
          </a>
          <a className="btn btn-outline" href={meeting.meetingUrl} rel="noopener noreferrer" target="_blank">
            Video call link
          </a>
        </div>
        <div className="divider my-0" />
        {cancel.error ? <PickError error={cancel.error} /> : null}
        {confirming ? (
          <div className="flex flex-col gap-2 rounded-box bg-base-200 p-4" role="group" aria-label="Cancel the meeting?">
            <p className="font-medium">Cancel the meeting? The link cannot book another one afterwards.</p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-error"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(undefined, { onSuccess: onCancelled })}
              >
                {cancel.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Yes, cancel it
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline" disabled={reschedulesLeft === 0} onClick={onReschedule}>
              Reschedule
            </button>
            <button type="button" className="btn btn-ghost text-error" onClick={() => setConfirming(true)}>
              Cancel meeting
            </button>
          </div>
        )}
        {reschedulesLeft === 0 ? (
          <p className="text-sm">It was moved as often as a link allows: reply to the email to move it again.</p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * /book/:token, the public booking page a prospect opens from the email offering a meeting: who
 * they meet and why, the free times by day in their time zone (the browser's, changeable), pick →
 * confirm → Booked with the .ics and the way to reschedule or cancel. Outside the app's shell: no
 * account, the link is the only credential.
 */
export function BookingPage() {
  const { token = '' } = useParams();
  const page = useQuery(bookingPageQueryOptions(token));
  const book = useBookSlot(token);
  const reschedule = useRescheduleMeeting(token);
  const [zone, setZone] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [cancelled, setCancelled] = useState(false);

  if (cancelled)
    return (
      <Frame>
        <section className="card border border-base-300 bg-base-100 shadow-sm" data-testid="booking-cancelled">
          <div className="card-body gap-3">
            <h1 className="text-2xl font-bold">Meeting cancelled</h1>
            <p>It is off the calendar. To find another time, reply to the email this link came in.</p>
          </div>
        </section>
      </Frame>
    );
  if (page.isPending)
    return (
      <Frame>
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner" aria-hidden="true" /> Loading the free times…
        </p>
      </Frame>
    );
  if (page.isError) return <Refusal error={page.error} />;

  const data = page.data;
  const timeZone = zone ?? browserTimeZone();
  const mutation = moving ? reschedule : book;
  const who = data.seller ? `${data.seller.name} (${data.seller.company})` : null;
  const pick = (start: string) => {
    mutation.reset();
    setChosen(start);
  };
  const confirm = () => {
    if (!chosen) return;
    mutation.mutate(chosen, {
      onSuccess: () => {
        setChosen(null);
        setMoving(false);
      },
      onError: () => setChosen(null),
    });
  };

  return (
    <Frame>
      <header className="flex flex-col gap-2">
        <p className="font-medium text-primary">Hi {data.prospect.firstName},</p>
        <h1 className="text-3xl font-bold">{who ? `Book a call with ${who}` : 'Book a call'}</h1>
        {data.purpose ? <p className="text-lg text-base-content/80">About: {data.purpose}.</p> : null}
        {data.durationMinutes ? (
          <p className="text-base-content/80" data-testid="duration">
            {data.durationMinutes} minutes, by video call.
          </p>
        ) : null}
      </header>

      {data.meeting && !moving ? (
        <Booked
          token={token}
          meeting={data.meeting}
          timeZone={timeZone}
          reschedulesLeft={data.reschedulesLeft}
          onReschedule={() => {
            setChosen(null);
            setMoving(true);
          }}
          onCancelled={() => setCancelled(true)}
        />
      ) : (
        <section className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-5">
            {moving && data.meeting ? (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 px-4 py-3">
                <p>
                  Moving your meeting of <strong>{whenText(data.meeting.scheduledAt, timeZone)}</strong>
                </p>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMoving(false)}>
                  Keep that time
                </button>
              </div>
            ) : null}
            <ZonePicker zone={timeZone} onChange={setZone} known={data.timeZone.prospect} />
            <PickError error={mutation.error} />
            <SlotPicker data={data} timeZone={timeZone} chosen={chosen} onChoose={pick} exclude={data.meeting?.scheduledAt} />
            {chosen ? (
              <div
                className="sticky bottom-4 flex flex-col gap-3 rounded-box border border-primary/40 bg-base-100 p-4 shadow-md sm:flex-row sm:items-center sm:justify-between"
                data-testid="confirm"
              >
                <p>
                  <span className="block text-sm text-base-content/70">{moving ? 'Move it to' : 'You picked'}</span>
                  <strong>{whenText(chosen, timeZone)}</strong>
                </p>
                <button type="button" className="btn btn-primary" disabled={mutation.isPending} onClick={confirm}>
                  {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {moving ? 'Move the meeting' : 'Book this time'}
                </button>
              </div>
            ) : null}
          </div>
        </section>
      )}
    </Frame>
  );
}
