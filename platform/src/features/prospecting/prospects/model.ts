import { Schema, type Connection, type Model } from 'mongoose';

/** A person the workspace may reach out to. `id` is an integer, sequential per workspace. */
export interface Prospect {
  workspaceId: string;
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  /** The email lowercased: unique per workspace (the embedded database ignores collations). */
  emailLower: string;
  /** Lead score 0–100, null until scored. */
  score: number | null;
  industry: string | null;
  /** The industry lowercased, for the case-insensitive `industry` filter. */
  industryLower: string | null;
  website: string | null;
  linkedinUrl: string | null;
  source: string | null;
  companySize: string | null;
  employeeCount: number | null;
  /** The prospect's IANA time zone, when known: emails go out in their sending window there. */
  timeZone?: string | null;
  /** True when added from a sample discovery result: a fictional person from the built-in sample database. */
  sample: boolean;
  /** Lowercase words of the names, company and email: what the search keys are made from (search-keys.ts) and each candidate is checked against. */
  searchText: string[];
  createdAt?: Date;
  updatedAt?: Date;
}

const optionalString = { type: String, default: null };

const ProspectSchema = new Schema<Prospect>(
  {
    workspaceId: { type: String, required: true },
    id: { type: Number, required: true },
    firstName: { type: String, required: true, trim: true },
    lastName: { type: String, required: true, trim: true },
    jobTitle: optionalString,
    company: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true },
    emailLower: { type: String, required: true, lowercase: true, trim: true },
    score: { type: Number, default: null, min: 0, max: 100 },
    industry: optionalString,
    industryLower: { type: String, default: null, lowercase: true },
    website: optionalString,
    linkedinUrl: optionalString,
    source: optionalString,
    companySize: optionalString,
    employeeCount: { type: Number, default: null },
    timeZone: optionalString,
    sample: { type: Boolean, default: false },
    searchText: { type: [String], default: [] },
  },
  { timestamps: true, id: false },
);
ProspectSchema.index({ workspaceId: 1, id: 1 }, { unique: true });
ProspectSchema.index({ workspaceId: 1, emailLower: 1 }, { unique: true });
ProspectSchema.index({ workspaceId: 1, score: -1, id: 1 });
ProspectSchema.index({ workspaceId: 1, industryLower: 1, id: 1 });
ProspectSchema.index({ workspaceId: 1, searchText: 1 });
// The pipeline table's other sorts (name, company) and its source filter, each ending in id so a page is read off the index.
ProspectSchema.index({ workspaceId: 1, lastName: 1, firstName: 1, id: 1 });
ProspectSchema.index({ workspaceId: 1, company: 1, id: 1 });
ProspectSchema.index({ workspaceId: 1, source: 1, id: 1 });

/** Registers the Prospect model on a connection (once). */
export function prospectModel(connection: Connection): Model<Prospect> {
  return (connection.models.Prospect as Model<Prospect> | undefined) ?? connection.model<Prospect>('Prospect', ProspectSchema);
}
