import type { Model, Schema, InferSchemaType } from 'mongoose';
import type { RunContext } from './run-context.ts';

/** Structured logging, pino-compatible: `logger.info({ prospectId }, 'researched')`. */
export interface Logger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** The time source: plugins never call `new Date()` or wait on timers directly, so tests can fix the time. */
export interface Clock {
  now(): Date;
  /**
   * Waits `ms` milliseconds (rejects when `signal` aborts). Without it, waits really do take that
   * long; a test clock moves its time on and records the wait instead (testing's steppingClock).
   */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A request through the platform's guarded HTTP client. */
export interface HttpRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** JSON-serialisable body (sent as application/json) or a string. */
  body?: unknown;
  /** Per-request timeout; the client's default (10 s) applies otherwise. */
  timeoutMs?: number;
  /** Largest body read, in bytes; the client's default (2 MB) applies otherwise. */
  maxBytes?: number;
  /** Content types accepted; others fail with UNSUPPORTED_CONTENT. Default: any. */
  accept?: 'html' | 'json' | 'text' | 'any';
}

/** A response read whole (up to the size cap). */
export interface HttpResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: string;
  /** Every URL visited before the final one. */
  redirects: string[];
}

/** Why a guarded request failed. */
export type HttpErrorCode =
  | 'BLOCKED_ADDRESS'
  | 'INVALID_URL'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS'
  | 'UNSUPPORTED_CONTENT'
  | 'NETWORK'
  | 'ROBOTS_DISALLOWED';

/**
 * The platform's outbound HTTP: private, loopback, link-local and metadata addresses are refused
 * (also after DNS resolution and on every redirect), redirects, time and size are capped.
 * It throws an Error whose `code` is an HttpErrorCode; a non-2xx status is a normal response.
 */
export interface HttpClient {
  request(url: string, init?: HttpRequest): Promise<HttpResponse>;
}

/** One chat completion request to the optional language model. */
export interface LlmRequest {
  system: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object as the answer. */
  json?: boolean;
}

/** The optional language model (any OpenAI-compatible endpoint), or null when none is configured. */
export interface LlmClient {
  complete(request: LlmRequest): Promise<{ text: string; model: string }>;
}

/** Mongoose schemas a plugin owns, by name: the host creates one model per entry. */
export type CollectionSchemas = Record<string, Schema>;

/** The models the host built from a plugin's `collections`. */
export type ModelsOf<C extends CollectionSchemas | undefined> = C extends CollectionSchemas
  ? { [K in keyof C]: Model<InferSchemaType<C[K]>> }
  : Record<string, never>;

/** Everything a plugin's `register` receives. A plugin never imports platform singletons. */
export interface PluginDeps<Config, Collections extends CollectionSchemas | undefined = undefined> {
  /** The plugin's configuration, parsed by its config schema (defaults applied). */
  config: Config;
  /** Models of the collections the plugin owns (see `collections` in the manifest). */
  db: ModelsOf<Collections>;
  http: HttpClient;
  logger: Logger;
  clock: Clock;
  llm: LlmClient | null;
}

/** What an activity sees of its execution: where and for whom it runs, heartbeats, cancellation and retries. */
export interface ActivityContext {
  /**
   * The workspace, run and principal the platform runs it for (never read from the input): an
   * activity over a workspace's data takes the workspace from here (`workspaceOf(context)`).
   */
  run: RunContext;
  /** Records progress; on a retry after a crash, `lastHeartbeat` holds the last details. */
  heartbeat(details?: unknown): void;
  /** Aborted when the workflow cancels the activity or its timeout passes. */
  signal: AbortSignal;
  /** 1 on the first attempt. */
  attempt: number;
  /** Details of the last heartbeat of the previous attempt, if any. */
  lastHeartbeat: unknown;
  /**
   * Given by a host that calls an `inProcess` activity: records durably that the activity passed
   * a point its caller must know about before it goes on (a channel marks `transmitting` just
   * before the message leaves). Absent elsewhere: an activity calls it with `?.`.
   */
  checkpoint?: (mark: string) => Promise<void>;
}
