// What a platform feature declares about itself: its name (the same word in the UI feature folder,
// the platform folder and the API path), its domain, the collections it owns, its routes and its
// worker activities. The app (platform/src/api) and the worker (platform/src/worker) loop over one
// list of these (platform/src/features/index.ts); core/ knows the shape, never a feature.
import type Router from '@koa/router';
import type { Connection } from 'mongoose';
import type { ApiRoute } from './http/api-route.ts';

/**
 * The domains features are grouped in, each owning its data (README, Layout), in the order they
 * build on each other: a domain imports only those before it (lint and features.test.ts hold it).
 */
export const DOMAINS = ['accounts', 'runs', 'insights', 'email', 'prospecting', 'revenue'] as const;
export type Domain = (typeof DOMAINS)[number];

/** One router of a feature: the routes it documents and how it is built over the app's context. */
export interface FeatureRouter<Context> {
  routes: ReadonlyArray<ApiRoute<never>>;
  build: (context: Context) => Router;
}

/** A worker activity: what Temporal calls by name. */
export type FeatureActivity = (...args: never[]) => Promise<unknown>;

/** The built-in pipeline steps a feature offers: how each runs (who may place it, its timeout, its schemas), and its activities. */
export interface FeatureSteps<WorkerContext, StepOptions> {
  options: ReadonlyMap<string, StepOptions>;
  /** The steps' activities; left out when the worker composes them itself (one that needs the Temporal client, say). */
  activities?: (context: WorkerContext) => Record<string, FeatureActivity>;
}

/**
 * Work a feature does each time the API starts, once the database answers: preparing its data or
 * starting its schedules and long-running workflows. Idempotent, since every restart redoes it.
 */
export interface FeatureStart<Context> {
  /** What it does, as the log puts it when it fails ("could not …"). */
  does: string;
  /** Features (by name, of the same domain or an earlier one) whose start work must have succeeded first. */
  after?: readonly string[];
  run: (context: Context) => Promise<unknown>;
}

/**
 * A feature's declaration, over the contexts the app and the worker build (their types live with
 * the composition, platform/src/features/context.ts, whose defineFeature declares one).
 */
export interface Feature<
  PlatformContext,
  ProductContext,
  WorkerContext,
  StepOptions,
  Models extends object = object,
  StartContext = ProductContext,
> {
  /** The one name of the capability: its folder here and in ui/src/features, and its API path segment where it has one. */
  name: string;
  domain: Domain;
  /** The collections it owns, on the app's connection. */
  models?: (connection: Connection) => Models;
  /** Routers built over the platform alone (mounted even by the bare platform, without product models). */
  platformRoutes?: ReadonlyArray<FeatureRouter<PlatformContext>>;
  /** Routers built over the product (models, the pipeline runner, secrets…), in the order they are mounted. */
  routes?: ReadonlyArray<FeatureRouter<ProductContext>>;
  /** The worker activities it registers, by name (the workflows call them). */
  activities?: (context: WorkerContext) => Record<string, FeatureActivity>;
  /** The built-in steps a pipeline may place, beside the plugins' activities. */
  steps?: FeatureSteps<WorkerContext, StepOptions>;
  /** Its start-up work: data it prepares, schedules and workflows it starts (platform/src/api/start-up.ts runs them). */
  onStart?: FeatureStart<StartContext>;
}
