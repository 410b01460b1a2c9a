import { Schema, type Connection, type Model } from 'mongoose';

// The sample prospect database: companies and people generated at first start, answered by
// discovery when no provider has credentials. Platform-wide on purpose (no workspaceId): it is
// the same fictional sample for every workspace, read-only after generation, and never mixed
// with a workspace's own prospects. Every domain is under the reserved `.example` TLD.

/** A fictional company of the sample database. */
export interface SampleCompany {
  /** Natural id: "sc-000042" (the generator's index), so re-inserting a batch never duplicates. */
  companyId: string;
  name: string;
  /** "brightwave-analytics-16.example": reserved TLD, so no real company is named. */
  domain: string;
  industry: string;
  /** The industry lowercased (the embedded database ignores collations). */
  industryLower: string;
  employeeCount: number;
  /** "51-200": a LinkedIn-style headcount band. */
  employeeBand: string;
  /** Annual revenue band as providers state it: "$10M-$50M". */
  revenue: string;
  /** The revenue estimate the band was read from, for range filters. */
  revenueUsd: number;
  recentFunding: boolean;
  /** "Seed", "Series A"…, null for companies without venture funding. */
  fundingStage: string | null;
  /** Real SaaS tools the company uses, spelled as the research agent's fingerprints name them. */
  techStack: string[];
  techLower: string[];
  location: { city: string; country: string };
  description: string;
}

/** Company facts copied onto each person so discovery filters one collection. */
export type SampleCompanyFacts = Pick<
  SampleCompany,
  | 'companyId'
  | 'industry'
  | 'industryLower'
  | 'employeeCount'
  | 'employeeBand'
  | 'revenue'
  | 'revenueUsd'
  | 'recentFunding'
  | 'techStack'
  | 'techLower'
  | 'location'
> & { companyName: string; companyDomain: string };

/** A fictional person at a sample company. */
export interface SamplePerson extends SampleCompanyFacts {
  /** Natural id: "sc-000042-p1". */
  personId: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  titleLower: string;
  /** Lowercase title words plus canonical aliases ("revops", "vp", "cro"), matched with `$all`. */
  titleTokens: string[];
  seniority: string;
  function: string;
  /** first.last@<company domain>: always under `.example`. */
  email: string;
  /** https://www.linkedin.example/in/…: a clearly fictional profile address. */
  linkedinUrl: string;
}

/**
 * A posting list: the people listed under one search key ("industry:fintech", "tech:hubspot",
 * "title:revops", "employees:51-200"…) among those of one generation batch. One document per
 * (key, batch), so re-writing a batch re-writes the same documents and appends never duplicate.
 */
export interface SamplePosting {
  /** `<key>#<batch>`: read with `_id $in`, the one lookup the embedded database answers from an index. */
  _id: string;
  key: string;
  batch: number;
  /** personIds, ascending. */
  ids: string[];
  /** For range keys (headcount, revenue bands): each id's exact value, so ranges are checked without reading people. */
  values?: number[];
}

/** `_id` of the generation marker in the `meta` collection. */
export const SAMPLE_MARKER_ID = 'sample-db';

/** The generation marker: one document, `_id: 'sample-db'`. */
export interface SampleMeta {
  _id: string;
  /** Generator version: a bump makes `ensureSampleDatabase` regenerate. */
  version: number;
  seed: number;
  companies: number;
  peoplePerCompany: number;
  /** Companies per batch: batch k holds companies k×batchSize … (k+1)×batchSize − 1. */
  batchSize: number;
  /** Batches fully written, in order: a restarted generation resumes after them. */
  batchesDone: number;
  status: 'building' | 'ready';
  people: number;
  updatedAt: Date;
}

const LocationSchema = new Schema({ city: { type: String, required: true }, country: { type: String, required: true } }, { _id: false });

const companyFacts = {
  companyId: { type: String, required: true },
  industry: { type: String, required: true },
  industryLower: { type: String, required: true },
  employeeCount: { type: Number, required: true },
  employeeBand: { type: String, required: true },
  revenue: { type: String, required: true },
  revenueUsd: { type: Number, required: true },
  recentFunding: { type: Boolean, required: true },
  techStack: { type: [String], default: [] },
  techLower: { type: [String], default: [] },
  location: { type: LocationSchema, required: true },
};

const SampleCompanySchema = new Schema<SampleCompany>(
  {
    ...companyFacts,
    name: { type: String, required: true },
    domain: { type: String, required: true },
    fundingStage: { type: String, default: null },
    description: { type: String, required: true },
  },
  { id: false, versionKey: false },
);
// Only the natural key: discovery searches people (company facts are copied onto them), and
// every index slows the first-start generation on the embedded database.
SampleCompanySchema.index({ companyId: 1 }, { unique: true });

const SamplePersonSchema = new Schema<SamplePerson>(
  {
    ...companyFacts,
    personId: { type: String, required: true },
    companyName: { type: String, required: true },
    companyDomain: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    jobTitle: { type: String, required: true },
    titleLower: { type: String, required: true },
    titleTokens: { type: [String], default: [] },
    seniority: { type: String, required: true },
    function: { type: String, required: true },
    email: { type: String, required: true },
    linkedinUrl: { type: String, required: true },
  },
  { id: false, versionKey: false },
);
// Natural key: re-inserting a batch after a crash is a no-op (duplicate keys are ignored). The only
// index: searches read posting lists by `_id` and people by `personId $in` (see the plugin's README.md).
SamplePersonSchema.index({ personId: 1 }, { unique: true });

const SamplePostingSchema = new Schema<SamplePosting>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    batch: { type: Number, required: true },
    ids: { type: [String], default: [] },
    values: { type: [Number], default: undefined },
  },
  { versionKey: false },
);

const SampleMetaSchema = new Schema<SampleMeta>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    seed: { type: Number, required: true },
    companies: { type: Number, required: true },
    peoplePerCompany: { type: Number, required: true },
    batchSize: { type: Number, required: true },
    batchesDone: { type: Number, required: true },
    status: { type: String, required: true, enum: ['building', 'ready'] },
    people: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** The collections the plugin owns (the host stores them as `plugin_source_sample_<name>`). */
export const sampleCollections = {
  companies: SampleCompanySchema,
  people: SamplePersonSchema,
  postings: SamplePostingSchema,
  meta: SampleMetaSchema,
};

/** The models the host builds from `sampleCollections`, typed by their documents. */
export interface SampleModels {
  companies: Model<SampleCompany>;
  people: Model<SamplePerson>;
  postings: Model<SamplePosting>;
  meta: Model<SampleMeta>;
}

/**
 * The models on a connection outside a plugin host: for this plugin's tests and the development
 * tools that time it (`sample_<name>` collections; a host names them `plugin_source_sample_<name>`).
 */
export function sampleModelsOn(connection: Connection): SampleModels {
  const model = <T>(name: keyof SampleModels): Model<T> =>
    (connection.models[`sample:${name}`] as Model<T> | undefined) ??
    connection.model<T>(`sample:${name}`, sampleCollections[name] as unknown as Schema<T>, `sample_${name}`);
  return { companies: model('companies'), people: model('people'), postings: model('postings'), meta: model('meta') };
}
