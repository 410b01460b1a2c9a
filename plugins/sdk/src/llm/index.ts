// The language-model clients plugins and the platform may use behind the SDK's LlmClient.
export * from './openai-compatible.ts';
