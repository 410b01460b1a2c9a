// The experiment engine (issue #33): per-send arm choice, honest declarations, rewards and the
// learning score (pure maths shared with the platform, in the SDK: @meetflow/plugin-sdk/experiments/*),
// and the meeting model for scoring weights. The platform keeps the counts. Imported as
// @meetflow/plugin-learning-engine/experiments (the simulator drives it).
export * from '@meetflow/plugin-sdk/experiments/bandit';
export * from '@meetflow/plugin-sdk/experiments/learning-score';
export * from './meeting-model.ts';
export { hashSeed, seededRandom, type Random } from '@meetflow/plugin-sdk/experiments/random';
