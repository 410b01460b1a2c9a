// The bench's ideal customer profile and the sample companies that fit it. The companies come
// from the sample prospect database's own generator (the records `npm start` stores, and whose
// sites the sample server renders), walked in order and kept when they meet every criterion the
// way a discovery filter reads it: an ICP industry, a headcount inside the ICP's range, at least
// two of its four technologies, and a person whose title holds every word of one ICP title. The
// pipeline then researches each company's site and scores it with the default threshold (70):
// fitting the ICP on the record is what makes every one qualify, not a lowered bar.
import { defaultSampleCompany, type SampleCompany, type SamplePerson } from '@meetflow/plugin-source-sample/generator';
import type { IcpAnalysis } from '../../src/features/prospecting/icp/schemas.ts';
import { sampleCompanySiteUrl } from '../samples/company-site.ts';

/** The bench's ICP: sales-software buyers at small and mid-sized software, sales-tech and martech companies. */
export const BENCH_ICP = {
  industry: ['Sales technology', 'Software & SaaS', 'Marketing technology'],
  companySize: '20-500 employees',
  jobTitles: ['VP of Sales', 'Head of Revenue Operations', 'Chief Revenue Officer', 'Sales Manager'],
  techStack: ['HubSpot', 'Stripe', 'Salesforce', 'Segment'],
  painPoints: ['manual prospecting'],
  revenue: '',
};

/** The ICP as the ICP builder would have stored it for the workspace: one slice. */
export const BENCH_ICP_ANALYSIS: IcpAnalysis = {
  icpSlices: [
    {
      name: 'Sales-led software companies',
      description: 'Software, sales-tech and martech companies of 20–500 people selling with a sales team',
      confidence: 0.9,
      estimatedVolume: 1_000,
      criteria: BENCH_ICP,
    },
  ],
  confidence: 0.9,
  analysisNotes: 'Written for the benchmark (platform/dev/bench/icp.ts).',
  sourceUrls: [],
  analyzedAt: new Date('2026-11-01T00:00:00Z').toISOString(),
};

const [MIN_EMPLOYEES, MAX_EMPLOYEES] = BENCH_ICP.companySize.match(/\d+/g)!.map(Number) as [number, number];
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word && word !== 'of'),
  );
const TITLE_WORDS = BENCH_ICP.jobTitles.map(words);

/** The first person of a company whose title holds every word of an ICP title ("Regional Sales Manager" for "Sales Manager"). */
function buyerOf(people: readonly SamplePerson[]): SamplePerson | undefined {
  return people.find((person) => {
    const have = words(person.jobTitle);
    return TITLE_WORDS.some((wanted) => [...wanted].every((word) => have.has(word)));
  });
}

/** A fitting company and the person there to write to. */
export interface FittingProspect {
  /** Index of the company in the sample database. */
  index: number;
  company: SampleCompany;
  person: SamplePerson;
}

/** The first `count` sample companies that fit the ICP, with their buyer; and how many companies were looked at. */
export function fittingProspects(count: number): { prospects: FittingProspect[]; scanned: number } {
  const prospects: FittingProspect[] = [];
  let index = 0;
  for (; prospects.length < count; index++) {
    if (index > 1_000_000) throw new Error(`only ${prospects.length} of the first million sample companies fit the ICP`);
    const { company, people } = defaultSampleCompany(index);
    if (!BENCH_ICP.industry.includes(company.industry)) continue;
    if (company.employeeCount < MIN_EMPLOYEES || company.employeeCount > MAX_EMPLOYEES) continue;
    if (BENCH_ICP.techStack.filter((tech) => company.techStack.includes(tech)).length < 2) continue;
    const person = buyerOf(people);
    if (person) prospects.push({ index, company, person });
  }
  return { prospects, scanned: index };
}

/** A fitting prospect as discovery hands it to a campaign launch (POST /api/campaigns/launch's `people`). */
export function launchPerson(samplesUrl: string, { company, person }: FittingProspect) {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    jobTitle: person.jobTitle,
    company: company.name,
    email: person.email,
    industry: company.industry,
    website: sampleCompanySiteUrl(samplesUrl, company.domain),
    linkedinUrl: person.linkedinUrl,
    employeeCount: company.employeeCount,
    source: 'linkedin',
    sample: true,
  };
}
