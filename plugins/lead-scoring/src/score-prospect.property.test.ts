// Properties of scoreProspect over generated inputs (ScoreProspectInputSchema) and configs (configSchema):
// - the points shown in the reasoning add up exactly to the total, the shown maxima to 100.0,
//   no dimension shows more points than its maximum, each stays within a point of weight × score,
//   and a dimension that scored 0 shows none while one that scored has room for them;
// - the output satisfies ScoreProspectOutputSchema (total an integer 0–100, confidence 0–1…),
//   and `qualified`/`priority` agree with the thresholds;
// - the result is deterministic and the input is not mutated;
// - weights are normalised: scaling every weight by a power of two changes nothing;
// - where the dimensions promise it (a union of sources, the best fit, added signals), more
//   evidence never lowers a score: a stack entry or tech fact naming an ICP technology, an
//   industry fact, a hiring fact, another ICP job title. The other dimensions stay as they were
//   and the total never drops.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configSchema, type LeadScoringConfig } from './config.ts';
import { DIMENSION_LABELS, scoreProspect } from './score-prospect.ts';
import {
  DIMENSION_KEYS,
  ResearchSubsetSchema,
  ScoreProspectInputSchema,
  ScoreProspectOutputSchema,
  type ScoreProspectInput,
} from './schemas.ts';

const TITLES = ['VP Sales', 'CEO', 'Sales Manager', 'Head of Growth', 'Account Executive', 'CTO', 'Director of Marketing', 'Wizard'];
const INDUSTRIES = ['SaaS', 'Fintech', 'Healthcare', 'Logistics', 'E-commerce', 'Solar energy', 'Basket weaving', 'Sales technology'];
const SIZES = ['50-200', '200+', '10-50 employees', 'under 20', '1k-5k', '', 'mid-market', 'enterprise', 'a great team'];
const TECH = ['Salesforce', 'HubSpot', 'Gong', 'AWS', 'Stripe', 'Node.js', 'sfdc', 'Amazon Web Services'];
const REVENUES = ['$10M-$50M', '$1B+', 'under $5M', '', '10-50', '$1M-$10M', 'profitable'];
const PAINS = ['manual lead qualification', 'slow ramp for new reps', 'stale forecasts'];

/** A vocabulary word most of the time, any short string sometimes (schemas trim and cap lengths). */
const word = (vocabulary: readonly string[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...vocabulary) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) });
const list = (vocabulary: readonly string[], maxLength = 4) => fc.array(word(vocabulary), { maxLength });
const nonEmpty = (text: string) => (text.trim() === '' ? 'x' : text);

const evidence = { url: 'https://acme.example/', snippet: 'From the site' };
const factValue = fc.oneof(
  fc.constantFrom(...TECH).map((tech) => `Uses ${tech}`),
  fc.constantFrom(...TECH).map((tech) => `Uses ${tech} 1.2 (Web servers; infrastructure)`),
  fc.integer({ min: 1990, max: 2030 }).map((year) => `Series A (${year})`),
  fc.nat({ max: 20_000 }).map((count) => `${count} employees`),
  fc.nat({ max: 5_000 }).map((millions) => `$${millions}M revenue`),
  fc.constantFrom(...INDUSTRIES, ...PAINS, 'Hiring 5 SDRs'),
  fc.string({ minLength: 1, maxLength: 30 }),
);
const fact = fc.record({
  id: fc.string({ minLength: 1, maxLength: 8 }),
  kind: fc.constantFrom('tech', 'funding', 'hiring', 'employees', 'revenue', 'industry', 'pain-point', 'description'),
  value: factValue,
  evidence: fc.constant(evidence),
  confidence: fc.double({ min: 0, max: 1, noNaN: true }),
});

const weights = fc.record({
  companySize: fc.double({ min: 0, max: 100, noNaN: true }),
  industryMatch: fc.double({ min: 0, max: 100, noNaN: true }),
  techStack: fc.double({ min: 0, max: 100, noNaN: true }),
  jobTitle: fc.double({ min: 0, max: 100, noNaN: true }),
});

const rawInput = fc.record(
  {
    prospect: fc.record(
      {
        jobTitle: word(TITLES),
        company: fc.constant('Acme'),
        industry: fc.option(word(INDUSTRIES)),
        employeeCount: fc.option(fc.nat({ max: 100_000 })),
        techStack: list(TECH),
        revenue: fc.option(word(REVENUES)),
      },
      { requiredKeys: ['jobTitle', 'company'] },
    ),
    research: fc.record(
      {
        industry: fc.option(word(INDUSTRIES)),
        sizeHint: fc.record({ employees: fc.option(word(SIZES)), revenue: fc.option(word(REVENUES)) }),
        painPoints: list(PAINS),
        techStack: list(TECH),
        signals: fc.record({
          funding: fc.option(fc.constantFrom('Series B (2026)', 'Seed 2019', 'raised money')),
          hiring: fc.option(fc.constantFrom('Hiring', 'Growing the sales team')),
        }),
        facts: fc.array(fact, { maxLength: 8 }),
      },
      { requiredKeys: [] },
    ),
    icp: fc.record({
      industry: list(INDUSTRIES),
      companySize: word(SIZES),
      jobTitles: list(TITLES),
      techStack: list(TECH),
      painPoints: list(PAINS, 2),
      revenue: word(REVENUES),
    }),
    weights,
  },
  { requiredKeys: ['prospect', 'icp'] },
);

/** Inputs the activity accepts (the schema needs one ICP criterion and one positive weight). */
const input: fc.Arbitrary<ScoreProspectInput> = rawInput
  .map((raw) => ScoreProspectInputSchema.safeParse(raw))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data!);

const config: fc.Arbitrary<LeadScoringConfig> = fc
  .record(
    {
      scoringWeights: weights.filter((w) => w.companySize + w.industryMatch + w.techStack + w.jobTitle > 0),
      timingWeight: fc.double({ min: 0, max: 0.5, noNaN: true }),
      qualificationThreshold: fc.integer({ min: 0, max: 100 }),
      mediumThreshold: fc.integer({ min: 0, max: 100 }),
    },
    { requiredKeys: [] },
  )
  .map((raw) => configSchema.parse(raw));

const now = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

const scoreOf = (result: ReturnType<typeof scoreProspect>, key: (typeof DIMENSION_KEYS)[number]) =>
  result.dimensions.find((dimension) => dimension.key === key)!.score;

/** The "points/maximum" pairs of the reasoning, in tenths, read line by line in dimension order. */
function shownTenths(reasoning: string): Array<{ points: number; max: number }> {
  const shown: Array<{ points: number; max: number }> = [];
  let from = 0;
  for (const key of DIMENSION_KEYS) {
    const pattern = new RegExp(`${DIMENSION_LABELS[key].replace('&', '\\&')} (\\d+\\.\\d)/(\\d+\\.\\d): `, 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(reasoning);
    if (!match) throw new Error(`no "${DIMENSION_LABELS[key]} x/y:" after position ${from} in: ${reasoning}`);
    shown.push({ points: Math.round(Number(match[1]) * 10), max: Math.round(Number(match[2]) * 10) });
    from = pattern.lastIndex;
  }
  return shown;
}

describe('scoreProspect (properties)', () => {
  it('shows points that add up to the total, maxima that add up to 100.0, and no points above their maximum', () => {
    fc.assert(
      fc.property(input, config, now, (prospect, settings, at) => {
        const result = scoreProspect(prospect, settings, at);
        const shown = shownTenths(result.reasoning);
        expect(shown.reduce((sum, pair) => sum + pair.points, 0)).toBe(result.totalScore * 10);
        expect(shown.reduce((sum, pair) => sum + pair.max, 0)).toBe(1000);
        for (const pair of shown) expect(pair.points).toBeLessThanOrEqual(pair.max);
        expect(shown.map((pair) => pair.points)).toEqual(result.dimensions.map((dimension) => Math.round(dimension.points * 10)));
        expect(result.reasoning.startsWith(`Score ${result.totalScore}/100, ${result.priority} priority`)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps each dimension's points within one point of weight × score, and the total the rounded raw sum", () => {
    fc.assert(
      fc.property(input, config, now, (prospect, settings, at) => {
        const result = scoreProspect(prospect, settings, at);
        const raw = result.dimensions.reduce((sum, dimension) => sum + dimension.weight * dimension.score, 0);
        // Weights are reported to 4 decimals, so the raw sum recomputed from them is off by at most 0.025.
        expect(Math.abs(result.totalScore - raw)).toBeLessThanOrEqual(0.53);
        for (const dimension of result.dimensions) expect(Math.abs(dimension.points - dimension.weight * dimension.score)).toBeLessThan(1);
      }),
      { numRuns: 150 },
    );
  });

  it('shows no points for a dimension that scored 0 while another that scored can still take them', () => {
    fc.assert(
      fc.property(input, config, now, (prospect, settings, at) => {
        const result = scoreProspect(prospect, settings, at);
        const shown = shownTenths(result.reasoning);
        const roomElsewhere = result.dimensions.some((dimension, index) => dimension.score > 0 && shown[index]!.points < shown[index]!.max);
        if (roomElsewhere) for (const dimension of result.dimensions.filter((one) => one.score === 0)) expect(dimension.points).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('returns a valid output whose qualification and priority follow the thresholds', () => {
    fc.assert(
      fc.property(input, config, now, (prospect, settings, at) => {
        const result = scoreProspect(prospect, settings, at);
        expect(ScoreProspectOutputSchema.safeParse(result).error).toBeUndefined();
        expect(result.qualified).toBe(result.totalScore >= settings.qualificationThreshold);
        expect(result.priority === 'High').toBe(result.qualified);
        if (!result.qualified) expect(result.priority === 'Medium').toBe(result.totalScore >= settings.mediumThreshold);
        expect(result.threshold).toBe(settings.qualificationThreshold);
        // The effective weights are shares of the total. Left out: an ICP whose only criterion is
        // an unreadable size or revenue ("profitable"), where no fit dimension counts and the
        // weights sum to timingWeight alone (found by this file; see issue #18).
        if (result.dimensions.slice(0, 4).some((dimension) => dimension.weight > 0))
          expect(result.dimensions.reduce((sum, dimension) => sum + dimension.weight, 0)).toBeCloseTo(1, 3);
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic and leaves its input as it was', () => {
    fc.assert(
      fc.property(input, config, now, (prospect, settings, at) => {
        const before = structuredClone(prospect);
        const first = scoreProspect(prospect, settings, at);
        expect(prospect).toEqual(before);
        expect(scoreProspect(structuredClone(prospect), settings, new Date(at))).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  // Powers of two scale exactly (upward: halving a subnormal weight would round it to 0).
  it('normalises the weights: scaling them all by a power of two gives the same result', () => {
    fc.assert(
      fc.property(input, config, now, fc.constantFrom(2, 4, 1024), (prospect, settings, at, factor) => {
        const given = prospect.weights ?? settings.scoringWeights;
        const scaled = {
          companySize: given.companySize * factor,
          industryMatch: given.industryMatch * factor,
          techStack: given.techStack * factor,
          jobTitle: given.jobTitle * factor,
        };
        expect(scoreProspect({ ...prospect, weights: scaled }, settings, at)).toEqual(scoreProspect(prospect, settings, at));
      }),
      { numRuns: 100 },
    );
  });
});

describe('scoreProspect monotonicity (properties)', () => {
  /** Scores before and after `change`; asserts `raised` never dropped, the others are unchanged (unless `alsoMay`), and the total never dropped. */
  function neverLowers(
    before: ScoreProspectInput,
    after: ScoreProspectInput,
    settings: LeadScoringConfig,
    at: Date,
    raised: ReadonlyArray<(typeof DIMENSION_KEYS)[number]>,
  ) {
    const was = scoreProspect(before, settings, at);
    const is = scoreProspect(after, settings, at);
    for (const key of DIMENSION_KEYS) {
      if (raised.includes(key)) expect(scoreOf(is, key), key).toBeGreaterThanOrEqual(scoreOf(was, key));
      else expect(scoreOf(is, key), key).toBe(scoreOf(was, key));
    }
    expect(is.totalScore).toBeGreaterThanOrEqual(was.totalScore);
  }

  const icpTech = (prospect: ScoreProspectInput) => fc.constantFrom(...prospect.icp.techStack.filter((tech) => tech.trim() !== ''));
  const research = (prospect: ScoreProspectInput) => prospect.research ?? ResearchSubsetSchema.parse({});

  it('never lowers the tech score or the total when the prospect stack names one more ICP technology', () => {
    const withTech = input.filter((prospect) => prospect.icp.techStack.some((tech) => tech.trim() !== ''));
    fc.assert(
      fc.property(
        withTech.chain((prospect) => fc.tuple(fc.constant(prospect), icpTech(prospect))),
        config,
        now,
        ([prospect, tech], settings, at) => {
          const after = { ...prospect, prospect: { ...prospect.prospect, techStack: [...(prospect.prospect.techStack ?? []), tech] } };
          neverLowers(prospect, after, settings, at, ['techStack']);
          // A name with a letter or digit is then found (one of punctuation only, "!", never matches anything).
          if (/[a-z0-9]/i.test(tech)) expect(scoreOf(scoreProspect(after, settings, at), 'techStack')).toBeGreaterThan(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never lowers a score when research adds a tech fact naming an ICP technology (tech stack and timing may rise)', () => {
    const withTech = input.filter((prospect) => prospect.icp.techStack.some((tech) => tech.trim() !== ''));
    fc.assert(
      fc.property(
        withTech.chain((prospect) => fc.tuple(fc.constant(prospect), icpTech(prospect))),
        config,
        now,
        ([prospect, tech], settings, at) => {
          const base = research(prospect);
          const added = { id: 'added-tech', kind: 'tech', value: `Uses ${tech}`, evidence, confidence: 0.5 };
          const after = { ...prospect, research: { ...base, facts: [...base.facts, added] } };
          neverLowers({ ...prospect, research: base }, after, settings, at, ['techStack', 'timing']);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never lowers the industry score when research adds an industry fact (the best fit counts)', () => {
    fc.assert(
      fc.property(input, word(INDUSTRIES).map(nonEmpty), config, now, (prospect, industry, settings, at) => {
        const base = research(prospect);
        const added = { id: 'added-industry', kind: 'industry', value: industry, evidence, confidence: 0.7 };
        neverLowers({ ...prospect, research: base }, { ...prospect, research: { ...base, facts: [...base.facts, added] } }, settings, at, [
          'industryMatch',
        ]);
      }),
      { numRuns: 100 },
    );
  });

  it('never lowers the timing score when research adds a hiring fact (signals add up)', () => {
    fc.assert(
      fc.property(input, fc.string({ maxLength: 30 }).map(nonEmpty), config, now, (prospect, value, settings, at) => {
        const base = research(prospect);
        const added = { id: 'added-hiring', kind: 'hiring', value, evidence, confidence: 0.7 };
        neverLowers({ ...prospect, research: base }, { ...prospect, research: { ...base, facts: [...base.facts, added] } }, settings, at, [
          'timing',
        ]);
      }),
      { numRuns: 100 },
    );
  });

  it('never lowers the title score when the ICP names one more job title (the best-fitting title counts)', () => {
    const withTitles = input.filter((prospect) => prospect.icp.jobTitles.some((title) => title.trim() !== ''));
    fc.assert(
      fc.property(withTitles, word(TITLES).map(nonEmpty), config, now, (prospect, title, settings, at) => {
        const after = { ...prospect, icp: { ...prospect.icp, jobTitles: [...prospect.icp.jobTitles, title] } };
        neverLowers(prospect, after, settings, at, ['jobTitle']);
      }),
      { numRuns: 100 },
    );
  });
});
