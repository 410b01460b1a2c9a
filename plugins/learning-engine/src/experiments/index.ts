// The experiment engine (issue #33): per-send arm choice, honest declarations, rewards, the
// learning score and the meeting model for scoring weights. Pure functions; the platform keeps
// the counts. Imported as @meetflow/plugin-learning-engine/experiments.
export * from './bandit.ts';
export * from './learning-score.ts';
export * from './meeting-model.ts';
export { hashSeed, seededRandom, type Random } from '../random.ts';
