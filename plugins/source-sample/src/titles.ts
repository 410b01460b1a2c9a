// Job titles of sample people: by seniority and function, as they appear on real profiles.

/** Seniorities, most senior first. */
export const SENIORITIES = ['c-level', 'vp', 'director', 'manager', 'individual'] as const;
export type Seniority = (typeof SENIORITIES)[number];

/** A title a sample person can hold. */
export interface TitleVocab {
  title: string;
  seniority: Seniority;
  function: string;
}

interface FunctionVocab {
  function: string;
  /** Relative frequency among the people a prospecting tool lists (sales-heavy, like theirs). */
  weight: number;
  chief: string[];
  /** The department as titles name it: "VP of {dept}", "Head of {dept}". */
  departments: string[];
  managers: string[];
  individuals: string[];
}

const FUNCTIONS: readonly FunctionVocab[] = [
  {
    function: 'executive',
    weight: 1.5,
    chief: ['Chief Executive Officer', 'Founder & CEO', 'Co-Founder'],
    departments: [],
    managers: ['General Manager'],
    individuals: [],
  },
  {
    function: 'sales',
    weight: 5,
    chief: ['Chief Revenue Officer', 'Chief Sales Officer'],
    departments: ['Sales', 'Business Development'],
    managers: ['Sales Manager', 'Regional Sales Manager'],
    individuals: ['Account Executive', 'Sales Development Representative', 'Business Development Representative'],
  },
  {
    function: 'marketing',
    weight: 3,
    chief: ['Chief Marketing Officer'],
    departments: ['Marketing', 'Demand Generation', 'Growth'],
    managers: ['Marketing Manager', 'Demand Generation Manager'],
    individuals: ['Marketing Specialist', 'Growth Marketer'],
  },
  {
    function: 'revops',
    weight: 1.5,
    chief: [],
    departments: ['Revenue Operations', 'Sales Operations'],
    managers: ['Revenue Operations Manager', 'Sales Operations Manager'],
    individuals: ['Revenue Operations Analyst'],
  },
  {
    function: 'customer success',
    weight: 1.5,
    chief: ['Chief Customer Officer'],
    departments: ['Customer Success'],
    managers: ['Customer Success Manager', 'Account Manager'],
    individuals: ['Customer Success Associate'],
  },
  {
    function: 'engineering',
    weight: 2,
    chief: ['Chief Technology Officer'],
    departments: ['Engineering'],
    managers: ['Engineering Manager'],
    individuals: ['Software Engineer', 'Senior Software Engineer'],
  },
  {
    function: 'product',
    weight: 1,
    chief: ['Chief Product Officer'],
    departments: ['Product'],
    managers: ['Product Manager'],
    individuals: ['Product Designer'],
  },
  {
    function: 'finance',
    weight: 1.5,
    chief: ['Chief Financial Officer'],
    departments: ['Finance'],
    managers: ['Finance Manager', 'Controller'],
    individuals: ['Financial Analyst'],
  },
  {
    function: 'operations',
    weight: 1.5,
    chief: ['Chief Operating Officer'],
    departments: ['Operations'],
    managers: ['Operations Manager', 'Plant Manager'],
    individuals: ['Operations Analyst'],
  },
  {
    function: 'hr',
    weight: 1,
    chief: ['Chief People Officer'],
    departments: ['People', 'Talent Acquisition'],
    managers: ['HR Manager', 'Talent Acquisition Manager'],
    individuals: ['Recruiter'],
  },
  {
    function: 'it',
    weight: 1,
    chief: ['Chief Information Officer'],
    departments: ['IT'],
    managers: ['IT Manager'],
    individuals: ['Systems Administrator'],
  },
  {
    function: 'procurement',
    weight: 0.7,
    chief: [],
    departments: ['Procurement'],
    managers: ['Procurement Manager', 'Purchasing Manager'],
    individuals: ['Buyer'],
  },
];

/** Every title, with its seniority and function. */
export const TITLES: readonly TitleVocab[] = FUNCTIONS.flatMap((vocab) => [
  ...vocab.chief.map((title) => ({ title, seniority: 'c-level' as const, function: vocab.function })),
  ...vocab.departments.map((dept) => ({ title: `VP of ${dept}`, seniority: 'vp' as const, function: vocab.function })),
  ...vocab.departments
    .flatMap((dept) => [`Director of ${dept}`, `Head of ${dept}`])
    .map((title) => ({ title, seniority: 'director' as const, function: vocab.function })),
  ...vocab.managers.map((title) => ({ title, seniority: 'manager' as const, function: vocab.function })),
  ...vocab.individuals.map((title) => ({ title, seniority: 'individual' as const, function: vocab.function })),
]);

/** Relative frequency of each function. */
export const FUNCTION_WEIGHTS: ReadonlyMap<string, number> = new Map(FUNCTIONS.map((vocab) => [vocab.function, vocab.weight]));

/** Functions an industry employs more of than the average company (weight multiplier 2). */
export const INDUSTRY_FUNCTIONS: Readonly<Record<string, readonly string[]>> = {
  Manufacturing: ['operations', 'procurement'],
  'Logistics & supply chain': ['operations', 'procurement'],
  'Energy & utilities': ['operations', 'procurement'],
  'Software & SaaS': ['engineering', 'product'],
  'Developer tools & infrastructure': ['engineering', 'product'],
  'Data & analytics': ['engineering', 'product'],
  Cybersecurity: ['engineering', 'it'],
  Healthcare: ['operations', 'it'],
  'HR & recruiting': ['hr'],
  'Sales technology': ['revops', 'sales'],
  'Marketing technology': ['marketing'],
};

/**
 * Seniority mix by headcount: founders and heads at small companies, VPs and directors only once
 * there are layers to lead (weights in SENIORITIES order).
 */
export function seniorityWeights(employees: number): number[] {
  if (employees <= 10) return [5, 0, 2, 1, 2];
  if (employees <= 200) return [1.5, 2, 2.5, 2.5, 1.5];
  return [0.5, 2, 3, 3, 1.5];
}
