// The generator: company N (and its people) is a pure function of (seed, N), so any batch can
// be regenerated alone — which is what makes an interrupted generation resumable.
import { Faker, en } from '@faker-js/faker';
import type { SampleCompany, SamplePerson } from './model.ts';
import { employeeBandOf, revenueBandOf } from './bands.ts';
import { INDUSTRY_TECH_BOOST, TECH_CATEGORIES } from './tech.ts';
import { FUNCTION_WEIGHTS, INDUSTRY_FUNCTIONS, SENIORITIES, TITLES, seniorityWeights } from './titles.ts';
import { titleTokens } from './title-tokens.ts';
import { BRAND_WORDS, INDUSTRIES, PLACES, type IndustryVocab } from './vocab.ts';

/** A company with its people, as written to the database. */
export interface GeneratedCompany {
  company: SampleCompany;
  people: SamplePerson[];
}

const faker = new Faker({ locale: [en] });
const pick = <T>(items: ReadonlyArray<{ weight: number; value: T }>) =>
  faker.helpers.weightedArrayElement(items.filter((item) => item.weight > 0));
const chance = (probability: number) => faker.number.float({ min: 0, max: 1 }) < probability;
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(?:^-|-$)/g, '');

// Standard normal from two uniforms (Box–Muller), drawn from the seeded faker.
function normal(): number {
  const u = faker.number.float({ min: Number.EPSILON, max: 1 });
  const v = faker.number.float({ min: 0, max: 1 });
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

// Log-normal headcount, median 45: most listed companies are small, a long tail is large.
const headcount = () => Math.min(120_000, Math.max(2, Math.round(Math.exp(Math.log(45) + 1.5 * normal()))));

function techStackOf(industry: IndustryVocab, employees: number): string[] {
  const scale = Math.min(1.4, Math.max(0.5, 0.75 + 0.12 * Math.log(employees / 10)));
  const stack = new Set<string>();
  for (const category of TECH_CATEGORIES) {
    const favoured = category.tools.some((tool) => industry.tech.includes(tool.name));
    if (!chance(Math.min(0.97, category.adoption * scale + (favoured ? INDUSTRY_TECH_BOOST.adoption : 0)))) continue;
    stack.add(
      pick(
        category.tools.map((tool) => ({
          value: tool.name,
          weight: tool.weight * (industry.tech.includes(tool.name) ? INDUSTRY_TECH_BOOST.weight : 1),
        })),
      ),
    );
  }
  const catalogued = new Set(TECH_CATEGORIES.flatMap((category) => category.tools.map((tool) => tool.name)));
  for (const name of industry.tech) if (!catalogued.has(name) && chance(0.35 * scale)) stack.add(name);
  return [...stack];
}

function fundingOf(industry: IndustryVocab, employees: number): { recentFunding: boolean; fundingStage: string | null } {
  if (employees > 5000 || !chance(industry.ventureShare)) return { recentFunding: false, fundingStage: null };
  const fundingStage =
    employees < 20 ? 'Seed' : employees < 80 ? 'Series A' : employees < 250 ? 'Series B' : employees < 800 ? 'Series C' : 'Series D+';
  return { recentFunding: chance(0.3), fundingStage };
}

function companyAt(index: number): SampleCompany {
  const industry = pick(INDUSTRIES.map((value) => ({ value, weight: value.weight })));
  const employees = headcount();
  const brand = chance(0.6) ? faker.helpers.arrayElement(BRAND_WORDS) : faker.person.lastName();
  const name = `${brand} ${faker.helpers.arrayElement(industry.nameSuffixes)}`;
  const revenueUsd = Math.round(employees * industry.revenuePerEmployee * Math.exp(0.5 * normal()));
  const place = pick(PLACES.map((value) => ({ value, weight: value.weight })));
  const techStack = techStackOf(industry, employees);
  return {
    companyId: `sc-${String(index).padStart(6, '0')}`,
    name,
    domain: `${slug(name)}-${index.toString(36)}.example`,
    industry: industry.label,
    industryLower: industry.label.toLowerCase(),
    employeeCount: employees,
    employeeBand: employeeBandOf(employees),
    revenue: revenueBandOf(revenueUsd),
    revenueUsd,
    ...fundingOf(industry, employees),
    techStack,
    techLower: techStack.map((tech) => tech.toLowerCase()),
    location: { city: place.city, country: place.country },
    description: `${name} ${industry.pitch}. Sample data: a fictional company.`,
  };
}

function titleFor(company: SampleCompany, taken: Set<string>) {
  const seniority = pick(seniorityWeights(company.employeeCount).map((weight, at) => ({ value: SENIORITIES[at]!, weight })));
  const favoured = INDUSTRY_FUNCTIONS[company.industry] ?? [];
  const options = TITLES.filter((title) => title.seniority === seniority && !taken.has(title.title));
  const choices = (options.length > 0 ? options : TITLES.filter((title) => !taken.has(title.title))).map((value) => ({
    value,
    weight: (FUNCTION_WEIGHTS.get(value.function) ?? 1) * (favoured.includes(value.function) ? 2 : 1),
  }));
  return pick(choices);
}

function peopleOf(company: SampleCompany, peoplePerCompany: number): SamplePerson[] {
  const count = Math.min(company.employeeCount, Math.max(1, peoplePerCompany - 1 + faker.number.int({ min: 0, max: 2 })));
  const takenTitles = new Set<string>();
  const takenEmails = new Set<string>();
  return Array.from({ length: count }, (_, at) => {
    const title = titleFor(company, takenTitles);
    takenTitles.add(title.title);
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    let local = `${slug(firstName)}.${slug(lastName)}`.replace(/-/g, '');
    if (takenEmails.has(local)) local = `${local}${at + 1}`;
    takenEmails.add(local);
    const personId = `${company.companyId}-p${at + 1}`;
    return {
      personId,
      companyId: company.companyId,
      companyName: company.name,
      companyDomain: company.domain,
      industry: company.industry,
      industryLower: company.industryLower,
      employeeCount: company.employeeCount,
      employeeBand: company.employeeBand,
      revenue: company.revenue,
      revenueUsd: company.revenueUsd,
      recentFunding: company.recentFunding,
      techStack: company.techStack,
      techLower: company.techLower,
      location: company.location,
      firstName,
      lastName,
      jobTitle: title.title,
      titleLower: title.title.toLowerCase(),
      titleTokens: titleTokens(title.title),
      seniority: title.seniority,
      function: title.function,
      email: `${local}@${company.domain}`,
      linkedinUrl: `https://www.linkedin.example/in/${slug(`${firstName} ${lastName}`)}-${personId}`,
    };
  });
}

/** Company number `index` of the data set `seed`, with its people: the same inputs always give the same output. */
export function generateCompany(seed: number, index: number, peoplePerCompany: number): GeneratedCompany {
  faker.seed([seed, index]);
  const company = companyAt(index);
  return { company, people: peopleOf(company, peoplePerCompany) };
}

/** Companies `from` (inclusive) to `to` (exclusive) of the data set `seed`. */
export function generateBatch(seed: number, from: number, to: number, peoplePerCompany: number): GeneratedCompany[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, offset) => generateCompany(seed, from + offset, peoplePerCompany));
}
