import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiMailboxesIdResponse,
  GetApiMailboxesResponse,
  PatchApiMailboxesIdBody,
  PatchApiMailboxesIdResponse,
  PostApiMailboxesBody,
  PostApiMailboxesIdCheckInboxResponse,
  PostApiMailboxesIdTestResponse,
  PostApiMailboxesResponse,
} from '../../../lib/api-types.generated.ts';

// The API's MailboxView and bodies, as its OpenAPI document states them (ui/src/lib/api-types.generated.ts).

/** One of the workspace's sending mailboxes (GET /api/mailboxes): its password only as `passwordSet`. */
export type Mailbox = GetApiMailboxesResponse[number];

/** A mailbox as adding or changing it answers: without today's sending and bounce figures, which the list adds. */
export type SavedMailbox = PostApiMailboxesResponse | PatchApiMailboxesIdResponse;

/** A mailbox's SMTP settings (never its password). */
export type SmtpSettings = Mailbox['smtp'];

/** How the connection to the SMTP server is secured: TLS from the start, upgraded with STARTTLS, or never. */
export type TlsMode = SmtpSettings['tls'];

/** Where a mailbox's replies are read over IMAP; the login and password are the SMTP ones. */
export type ImapSettings = NonNullable<Mailbox['imap']>;

/**
 * Why a connection to a mail server failed, as the API classifies it (never what the server said):
 * see MAIL_FAILURE_REASONS in the plugin SDK's channel contract.
 */
export type MailFailureReason = NonNullable<PostApiMailboxesIdTestResponse['error']>;

/** How reading replies over IMAP goes. */
export type InboxState = NonNullable<Mailbox['inbox']>;

/** POST /api/mailboxes. */
export type NewMailbox = PostApiMailboxesBody;

/** PATCH /api/mailboxes/{id}: only what is given changes; without `password` the stored one is kept. */
export type MailboxPatch = PatchApiMailboxesIdBody;

/** What Test connection answers: a server refusing the settings is an answer, with the reason. */
export type TestResult = PostApiMailboxesIdTestResponse;

/** What Check replies now read: the new messages, and of them the replies, bounces and the rest; a server refusal is `ok: false`. */
export type InboxCheckResult = PostApiMailboxesIdCheckInboxResponse;

/** How often the list is fetched again while a mailbox is read over IMAP, so its last check stays current (polling reads every 30 s by default). */
const INBOX_REFRESH_MS = 30_000;

export const mailboxKeys = { all: ['mailboxes'] as const };

/** The workspace's mailboxes, oldest first; every member may read them. */
export const mailboxesQueryOptions = () =>
  queryOptions({
    queryKey: mailboxKeys.all,
    queryFn: ({ signal }) => apiRequest<GetApiMailboxesResponse>('/api/mailboxes', { signal }),
    refetchInterval: (query) => (query.state.data?.some((mailbox) => mailbox.imap) ? INBOX_REFRESH_MS : false),
  });

/** POST /api/mailboxes: connects a mailbox; its password is stored encrypted (admins and owners). */
export function useCreateMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewMailbox) => apiRequest<PostApiMailboxesResponse>('/api/mailboxes', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}

/** PATCH /api/mailboxes/{id}: changes settings, the password, or pauses and resumes (admins and owners). */
export function useUpdateMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MailboxPatch }) =>
      apiRequest<PatchApiMailboxesIdResponse>(`/api/mailboxes/${id}`, { method: 'PATCH', body: patch }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}

/** DELETE /api/mailboxes/{id}: the mailbox and its stored password are gone. */
export function useRemoveMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DeleteApiMailboxesIdResponse>(`/api/mailboxes/${id}`, { method: 'DELETE' }),
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
