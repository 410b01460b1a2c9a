import type { LlmClient, LlmRequest } from '../deps.ts';

/** How to reach an OpenAI-compatible chat completions endpoint (OpenAI, Azure proxies, vLLM, Ollama, LM Studio…). */
export interface OpenAiCompatibleOptions {
  /** The API root, e.g. "https://api.openai.com/v1"; requests go to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  /** Sent as a Bearer token; local servers often need none. */
  apiKey?: string;
  model: string;
  /** Used when a request sets none (the spec's primary model runs at 0.7). */
  temperature?: number;
  /** Used when a request sets none (the spec's 2048). */
  maxTokens?: number;
  /** A request that has not answered by then is aborted. */
  timeoutMs?: number;
}

/** A failed completion: the HTTP status (when one came back) and the start of the provider's answer. */
export class LlmRequestError extends Error {
  override name = 'LlmRequestError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

// Provider error bodies can be long HTML pages; the start says what went wrong.
const BODY_EXCERPT_CHARS = 300;

interface ChatCompletionResponse {
  model?: unknown;
  choices?: Array<{ message?: { content?: unknown } }>;
}

/** The body of POST /chat/completions for one request, with the client's defaults filled in. */
export function chatCompletionBody(options: OpenAiCompatibleOptions, request: LlmRequest): Record<string, unknown> {
  return {
    model: options.model,
    messages: [{ role: 'system', content: request.system }, ...request.messages],
    temperature: request.temperature ?? options.temperature ?? 0.7,
    max_tokens: request.maxTokens ?? options.maxTokens ?? 2048,
    ...(request.json ? { response_format: { type: 'json_object' } } : {}),
  };
}

/**
 * An LlmClient over any OpenAI-compatible `/chat/completions` endpoint, using `fetch`.
 * Non-2xx answers and timeouts become LlmRequestError with a message naming the cause.
 */
export function createOpenAiCompatibleClient(options: OpenAiCompatibleOptions): LlmClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async complete(request) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(chatCompletionBody(options, request)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new LlmRequestError(`LLM request to ${url} timed out after ${timeoutMs} ms`, null);
        }
        throw new LlmRequestError(`LLM request to ${url} failed: ${error instanceof Error ? error.message : String(error)}`, null);
      }
      if (!response.ok) {
        throw new LlmRequestError(
          `LLM request to ${url} failed with HTTP ${response.status}: ${text.slice(0, BODY_EXCERPT_CHARS)}`,
          response.status,
        );
      }
      return parseCompletion(text, url, response.status, options.model);
    },
  };
}

function parseCompletion(text: string, url: string, status: number, configuredModel: string): { text: string; model: string } {
  let parsed: ChatCompletionResponse;
  try {
    parsed = JSON.parse(text) as ChatCompletionResponse;
  } catch {
    throw new LlmRequestError(`LLM answer from ${url} is not JSON: ${text.slice(0, BODY_EXCERPT_CHARS)}`, status);
  }
  const content = parsed.choices?.[0]?.message?.content;
  if (typeof content !== 'string') {
    throw new LlmRequestError(`LLM answer from ${url} has no choices[0].message.content: ${text.slice(0, BODY_EXCERPT_CHARS)}`, status);
  }
  return { text: content, model: typeof parsed.model === 'string' ? parsed.model : configuredModel };
}
