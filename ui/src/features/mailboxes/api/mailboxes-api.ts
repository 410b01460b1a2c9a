import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// The API's MailboxView and bodies (platform/src/features/email/mailboxes/api-schemas.ts), as the UI reads and sends them.

/** How the connection to the SMTP server is secured: TLS from the start, upgraded with STARTTLS, or never. */
export type TlsMode = 'tls' | 'starttls' | 'none';

/** A mailbox's SMTP settings (never its password). */
export interface SmtpSettings {
  host: string;
  port: number;
  tls: TlsMode;
  user: string;
}

/** Where a mailbox's replies are read over IMAP; the login and password are the SMTP ones. */
export interface ImapSettings {
  host: string;
  port: number;
  tls: TlsMode;
}

/**
 * Why a connection to a mail server failed, as the API classifies it (never what the server said):
 * see MAIL_FAILURE_REASONS in the plugin SDK's channel contract.
 */
export type MailFailureReason =
  | 'authentication failed'
  | 'connection refused'
  | 'TLS required'
  | 'TLS failed'
  | 'timed out'
  | 'address not allowed'
  | 'host not found'
  | 'connection failed';

/** How reading replies over IMAP goes. */
export interface InboxState {
  /** When its inbox was last read (polling or Check replies now); null before the first check. */
  lastCheckAt: string | null;
  /** Why the last check failed (a MailFailureReason, or why the stored password cannot be used); null when it worked. */
  lastError: string | null;
  /** Replies and bounces read over IMAP so far. */
  received: number;
}

/** One of the workspace's sending mailboxes (GET /api/mailboxes): its password only as `passwordSet`. */
export interface Mailbox {
  id: string;
  fromName: string;
  fromAddress: string;
  signature: string;
  smtp: SmtpSettings;
  /** Where its replies are read over IMAP; null when they are not (they come by the inbound webhook, if at all). */
  imap: ImapSettings | null;
  /** How reading its replies goes; null without IMAP settings or before the first check. */
  inbox: InboxState | null;
  passwordSet: true;
  status: 'active' | 'paused';
  /** Why it is paused (e.g. too many bounces); null while active or when an admin paused it. */
  pausedReason: string | null;
  /** The most emails it sends a day once warmed up. */
  dailyCap: number;
  /** The last Test connection; null before the first. */
  lastTest: { at: string; ok: boolean; error: MailFailureReason | null } | null;
  /** Also when its warm-up started. */
  createdAt: string;
  updatedAt: string;
  /** Emails sent today (newer APIs only). */
  sentToday?: number;
  /** Today's cap: below `dailyCap` while warming up (newer APIs only). */
  capToday?: number;
  /** The share of the last 100 sends that bounced, 0–1; null before any send (newer APIs only). */
  bounceRate?: number | null;
}

/** POST /api/mailboxes. */
export interface NewMailbox {
  fromName: string;
  fromAddress: string;
  signature?: string;
  smtp: SmtpSettings;
  /** Left out: replies are not read over IMAP. */
  imap?: ImapSettings | null;
  password: string;
  dailyCap?: number;
}

/** PATCH /api/mailboxes/{id}: only what is given changes; without `password` the stored one is kept. */
export interface MailboxPatch {
  fromName?: string;
  fromAddress?: string;
  signature?: string;
  smtp?: Partial<SmtpSettings>;
  /** All three settings, or null to stop reading replies over IMAP. */
  imap?: ImapSettings | null;
  /** Required when the SMTP host, port or user, or the IMAP host or port, changes (a 400 naming `password` otherwise). */
  password?: string;
  dailyCap?: number;
  status?: Mailbox['status'];
}

/** What Test connection answers: a server refusing the settings is an answer, with the reason. */
export interface TestResult {
  ok: boolean;
  error?: MailFailureReason;
}

/** What Check replies now read: the new messages, and of them the replies, bounces and the rest; a server refusal is `ok: false`. */
export interface InboxCheckResult {
  ok: boolean;
  /** A MailFailureReason, or why the stored password cannot be used. */
  error?: string;
  read: number;
  replies: number;
  bounces: number;
  ignored: number;
}

/** How often the list is fetched again while a mailbox is read over IMAP, so its last check stays current (polling reads every 30 s by default). */
const INBOX_REFRESH_MS = 30_000;

export const mailboxKeys = { all: ['mailboxes'] as const };

/** The workspace's mailboxes, oldest first; every member may read them. */
export const mailboxesQueryOptions = () =>
  queryOptions({
    queryKey: mailboxKeys.all,
    queryFn: ({ signal }) => apiRequest<Mailbox[]>('/api/mailboxes', { signal }),
    refetchInterval: (query) => (query.state.data?.some((mailbox) => mailbox.imap) ? INBOX_REFRESH_MS : false),
  });

/** POST /api/mailboxes: connects a mailbox; its password is stored encrypted (admins and owners). */
export function useCreateMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewMailbox) => apiRequest<Mailbox>('/api/mailboxes', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}

/** PATCH /api/mailboxes/{id}: changes settings, the password, or pauses and resumes (admins and owners). */
export function useUpdateMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MailboxPatch }) =>
      apiRequest<Mailbox>(`/api/mailboxes/${id}`, { method: 'PATCH', body: patch }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}

/** DELETE /api/mailboxes/{id}: the mailbox and its stored password are gone. */
export function useRemoveMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ removed: true }>(`/api/mailboxes/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}

/**
 * POST /api/mailboxes/{id}/test: connects and logs in with the stored settings (up to 10 s),
 * sends nothing. The answer becomes the mailbox's `lastTest` at once, then the list is fetched again.
 */
export function useTestMailbox(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TestResult>(`/api/mailboxes/${id}/test`, { method: 'POST' }),
    onSuccess: (result) => {
      const lastTest = { at: new Date().toISOString(), ok: result.ok, error: result.ok ? null : (result.error ?? null) };
      queryClient.setQueryData(mailboxKeys.all, (list: Mailbox[] | undefined) =>
        list?.map((mailbox) => (mailbox.id === id ? { ...mailbox, lastTest } : mailbox)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}

/**
 * POST /api/mailboxes/{id}/check-inbox (sales ops and up): reads the new messages of the mailbox's
 * inbox over IMAP now, as polling does. The answer becomes its `inbox` at once, then the list is
 * fetched again.
 */
export function useCheckInbox(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<InboxCheckResult>(`/api/mailboxes/${id}/check-inbox`, { method: 'POST' }),
    onSuccess: (result) => {
      queryClient.setQueryData(mailboxKeys.all, (list: Mailbox[] | undefined) =>
        list?.map((mailbox) =>
          mailbox.id === id
            ? {
                ...mailbox,
                inbox: {
                  lastCheckAt: new Date().toISOString(),
                  lastError: result.ok ? null : (result.error ?? 'The IMAP server could not be read'),
                  received: (mailbox.inbox?.received ?? 0) + result.replies + result.bounces,
                },
              }
            : mailbox,
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}
