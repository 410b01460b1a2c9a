import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, setSessionEndedHandler } from '../../../lib/api-client.ts';
import type {
  PostApiAuthLoginBody,
  PostApiAuthLoginResponse,
  PostApiAuthLogoutResponse,
  PostApiAuthPasswordBody,
  PostApiAuthPasswordResetBody,
  PostApiAuthPasswordResetConfirmBody,
  PostApiAuthPasswordResetConfirmResponse,
  PostApiAuthPasswordResetResponse,
  PostApiAuthPasswordResponse,
  PostApiAuthSignupBody,
  PostApiAuthSignupResponse,
  PostApiAuthVerifyEmailBody,
  PostApiAuthVerifyEmailResendResponse,
  PostApiAuthVerifyEmailResponse,
} from '../../../lib/api-types.generated.ts';
import { setMemberWorkspaces } from '../../../lib/workspace.ts';
import { signInPath } from '../utils/next-path.ts';
import { accountKey, isAccountQuery, setAccount, type Account } from './account.ts';

/** What the Sign In form sends. */
export type SignInInput = PostApiAuthLoginBody;

/** What the Sign Up form sends; without a workspace name the API names it "<name>'s workspace". */
export type SignUpInput = PostApiAuthSignupBody;

/** Starts using the app as `account`: nothing fetched before (as nobody, or as someone else) is shown again. */
function signedIn(queryClient: QueryClient, account: Account) {
  queryClient.removeQueries({ predicate: (query) => !isAccountQuery(query) });
  setAccount(queryClient, account);
}

/** POST /api/auth/login; on success the account query holds the user (the Sign In page then moves on). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiRequest<PostApiAuthLoginResponse>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (account) => signedIn(queryClient, account),
  });
}

/** What a sign-up led to: signed in to the new account, or (the address had an account already) an email to read. */
export interface SignUpResult {
  email: string;
  account: Account | null;
}

/**
 * POST /api/auth/signup, then signing in with the same email and password: the API answers a
 * sign-up alike whether or not the address had an account (it emails that address either way),
 * so it is the sign-in that tells this person whether they are in, or should read their email.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput): Promise<SignUpResult> => {
      const { email } = await apiRequest<PostApiAuthSignupResponse>('/api/auth/signup', { method: 'POST', body: input });
      try {
        return {
          email,
          account: await apiRequest<PostApiAuthLoginResponse>('/api/auth/login', {
            method: 'POST',
            body: { email, password: input.password } satisfies PostApiAuthLoginBody,
          }),
        };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 429)) return { email, account: null };
        throw error;
      }
    },
    onSuccess: ({ account }) => {
      if (account) signedIn(queryClient, account);
    },
  });
}

/** What Change password sends. */
export type ChangePasswordInput = PostApiAuthPasswordBody;

/** POST /api/auth/password: every other session ends; this browser gets a fresh one, and the account its new state. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<PostApiAuthPasswordResponse>('/api/auth/password', { method: 'POST', body: input }),
    onSuccess: (account) => setAccount(queryClient, account),
  });
}

/** POST /api/auth/password-reset: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<PostApiAuthPasswordResetResponse>('/api/auth/password-reset', {
        method: 'POST',
        body: { email } satisfies PostApiAuthPasswordResetBody,
      }),
  });
}

/** POST /api/auth/password-reset/confirm with the emailed link's token: the password is set, every session ended. */
export function useCompletePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostApiAuthPasswordResetConfirmBody) =>
      apiRequest<PostApiAuthPasswordResetConfirmResponse>('/api/auth/password-reset/confirm', { method: 'POST', body: input }),
    // Any session this browser had has ended with the reset.
    onSuccess: () => setAccount(queryClient, null),
  });
}

/** POST /api/auth/verify-email with the emailed link's token. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<PostApiAuthVerifyEmailResponse>('/api/auth/verify-email', {
        method: 'POST',
        body: { token } satisfies PostApiAuthVerifyEmailBody,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

/** POST /api/auth/verify-email/resend: a new link to the signed-in user's address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<PostApiAuthVerifyEmailResendResponse>('/api/auth/verify-email/resend', { method: 'POST' }),
  });
}

/**
 * POST /api/auth/logout, then a fresh page at /signin (coming back to `next` after the next
 * sign-in, when given): no data, open stream or pending request of this user outlives their
 * session in the page's memory.
 */
export function useSignOut(next?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PostApiAuthLogoutResponse>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.clear();
      setMemberWorkspaces(null);
      window.location.assign(next ? signInPath(next) : '/signin');
    },
  });
}

/**
 * Makes a 401 from any API call (the session expired or was ended elsewhere) sign the user out
 * in this page; the app's pages then send them to Sign In and back here afterwards (RequireSignIn).
 */
export function signOutWhenSessionEnds(queryClient: QueryClient): void {
  setSessionEndedHandler(() => setAccount(queryClient, null));
}
