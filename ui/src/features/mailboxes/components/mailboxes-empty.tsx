import { DEFAULT_DAILY_CAP } from '../utils/mailbox-form.ts';
import { SENDING_GUARD } from '../utils/mailbox-view.ts';

/**
 * No mailbox yet: what one is for, and the limits every mailbox sends within (so nobody fears
 * connecting one), then how to add one, or whom to ask.
 */
export function MailboxesEmpty({ manage, onAdd }: { manage: boolean; onAdd: () => void }) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="mailboxes-empty-title" data-testid="mailboxes-empty">
      <div className="card-body gap-4 p-5 sm:p-6">
        <div>
          <h2 id="mailboxes-empty-title" className="card-title text-base">
            No sending mailboxes yet
          </h2>
          <p className="mt-1 max-w-prose text-sm text-base-content/70">
            A mailbox is an email account Meetflow sends your outreach from: your address and signature, through your own SMTP server.
            Meetflow needs at least one to send any email.
          </p>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Every mailbox sends within these limits</h3>
          <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
            <li className="rounded-box bg-base-200 px-4 py-3">
              <strong>Daily cap</strong>: at most {DEFAULT_DAILY_CAP} emails a day by default; you can set each mailbox&apos;s own.
            </li>
            <li className="rounded-box bg-base-200 px-4 py-3">
              <strong>Warm-up</strong>: a new mailbox sends {SENDING_GUARD.warmUpStart} emails on its first day and{' '}
              {SENDING_GUARD.warmUpStep} more each day after, until it reaches its cap.
            </li>
            <li className="rounded-box bg-base-200 px-4 py-3">
              <strong>Sending window</strong>: by default {SENDING_GUARD.window} in each prospect&apos;s time zone, with{' '}
              {SENDING_GUARD.gapMinutes} minutes between two emails of one mailbox.
            </li>
            <li className="rounded-box bg-base-200 px-4 py-3">
              <strong>One-click unsubscribe</strong> in every email; whoever unsubscribes is not emailed again from this workspace.
            </li>
          </ul>
        </div>
        {manage ? (
          <div>
            <button type="button" className="btn btn-primary" onClick={onAdd}>
              Add Mailbox
            </button>
          </div>
        ) : (
          <p className="text-sm text-base-content/70">Only admins and owners connect mailboxes: ask one of them to add yours.</p>
        )}
      </div>
    </section>
  );
}
