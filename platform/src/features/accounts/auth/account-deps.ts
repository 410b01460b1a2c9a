import { pino } from 'pino';
import type { Logger } from '../../../core/logger.ts';
import { createSystemMail, type SystemMail, type SystemMessage } from '../../../core/system-mail.ts';
import type { WorkspaceModel } from '../workspaces/model.ts';
import type { LoginLimits } from './login-limits.ts';
import type { AuthModels } from './model.ts';
import type { SessionPolicy } from './sessions.ts';

/** What accounts are stored in. */
export type AccountsDb = AuthModels & { workspaces: WorkspaceModel };

/** What the account services work with: the accounts, the abuse limits, the product's own mail channel, and the time. */
export interface AccountDeps {
  db: AccountsDb;
  limits: LoginLimits;
  /** Where password-reset and verification emails go out (core/system-mail.ts). */
  mail: SystemMail;
  /** The base of the links in those emails (MEETFLOW_PUBLIC_URL), no trailing slash. */
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}

/**
 * What the /api/auth routes are built over: the services' dependencies and how long sessions
 * live. Tests of the bare routes may leave out the mail channel (nothing is sent), the public
 * address, the logger and the time.
 */
export interface AuthDeps extends Pick<AccountDeps, 'db' | 'limits'>, Partial<Omit<AccountDeps, 'db' | 'limits'>> {
  policy: SessionPolicy;
}

const SILENT = pino({ level: 'silent' });

/** The services' dependencies of the routes' (the limits counted in their database, the real time unless a test gave its own). */
export function accountDepsOf(deps: AuthDeps): AccountDeps {
  const logger = deps.logger ?? SILENT;
  return {
    db: deps.db,
    limits: deps.limits.in(deps.db),
    mail: deps.mail ?? createSystemMail(null, logger),
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    logger,
    now: deps.now ?? (() => new Date()),
  };
}

/**
 * Sends an account email without holding the request: the answer (and its timing) is the same
 * whether or not an email goes out, so neither tells whether an address has an account. A
 * failure to send is logged, without the message (its link works as a password).
 */
export function sendInBackground(deps: Pick<AccountDeps, 'mail' | 'logger'>, message: SystemMessage): void {
  deps.mail.send(message).catch((error: unknown) => {
    deps.logger.error({ err: error, subject: message.subject }, 'an account email could not be sent');
  });
}
