import type { Fact } from '@meetflow/plugin-sdk';
import { inline, possessive } from '../variety.ts';

/**
 * What the writer can do with one researched fact: sentences stating it the way a person would,
 * a short name for it that a follow-up can point back to, subjects, and the themes that tie it
 * to a value proposition. Built by reading the shapes the research extractors write
 * ("Raised $40M Series B, led by Accel (2025)", "Customer: Fabrikam", "Uses Stripe (Payments)").
 */
export interface FactAngle {
  fact: Fact;
  /** Opening sentences, each a complete, natural statement of the fact. */
  openers: string[];
  /** The fact as a follow-up names it: "your Series B". */
  topic: string;
  /** Subject lines about the fact (the email cites it, so its words may appear there). */
  subjects: string[];
  /** Words that relate the fact to a seller's pains ("ramp", "pipeline"). */
  themes: string[];
  /** The year the fact is about, when it says: newer facts open first. */
  year: number | null;
}

type Angle = Omit<FactAngle, 'fact' | 'year'>;
type Reader = (value: string, company: string) => Angle | null;

const YEAR = /\b((?:19|20)\d{2})\b/;
// Text a sentence cannot carry as it stands: brackets, slots, labels, ellipses.
// A question or an exclamation too: quoted in an email it would be a second question or a shout.
const UNSAFE = /[[\]{}()<>|;…?!]|\.\.\.|^\w+:\s/;
const safe = (text: string | undefined): text is string => Boolean(text) && !UNSAFE.test(text!);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

const GROWTH_THEMES = ['growth', 'scale', 'pipeline', 'targets', 'quota', 'revenue', 'hiring', 'reps'];
const HIRING_THEMES = ['hiring', 'ramp', 'onboarding', 'headcount', 'reps', 'team', 'capacity', 'new', 'training'];
const SIZE_THEMES = ['scale', 'team', 'process', 'consistency', 'reporting', 'visibility', 'headcount'];
const TECH_THEMES = ['data', 'tools', 'stack', 'crm', 'integration', 'workflow', 'systems', 'manual', 'entry'];
const CUSTOMER_THEMES = ['customers', 'accounts', 'enterprise', 'deals', 'pipeline', 'references', 'buyers'];
const PRODUCT_THEMES = ['product', 'launch', 'market', 'messaging', 'positioning', 'buyers', 'demand', 'pipeline'];

function readFunding(value: string, company: string): Angle | null {
  const backed = /^backed by (.+)$/i.exec(inline(value))?.[1];
  if (backed) {
    if (!safe(backed)) return null;
    return {
      openers: [
        `Saw that ${company} is backed by ${backed}.`,
        `Having ${backed} in your corner says a lot about where ${company} is headed.`,
      ],
      topic: `your backing from ${backed}`,
      subjects: [`${company} and what comes next`],
      themes: GROWTH_THEMES,
    };
  }
  const round = /\b(pre-seed|seed|series [a-h]|growth|venture)\b/i.exec(value)?.[1];
  const amount = /[$€£]\s?\d+(?:\.\d+)?\s?[KMB]?\b/i.exec(value)?.[0]?.replace(/\s/g, '');
  const lead = /\bled by ([^,(]+?)\s*(?:[,(]|$)/i.exec(value)?.[1];
  if (!round && !amount) return null;
  const name = round ? (/^series/i.test(round) ? `Series ${round.slice(-1).toUpperCase()}` : `${round.toLowerCase()} round`) : 'raise';
  const withLead = safe(lead) ? `, with ${lead} leading` : '';
  const openers = amount
    ? round
      ? [
          `Congrats on the ${amount} ${name}.`,
          `Congrats on closing your ${amount} ${name}${withLead}.`,
          `Saw the news about your ${amount} ${name}, congrats.`,
        ]
      : [`Congrats on raising ${amount}.`, `Saw that ${company} raised ${amount}, congrats.`]
    : [`Congrats on closing your ${name}${withLead}.`, `Saw the news about your ${name}, congrats.`];
  return {
    openers,
    topic: `your ${name}`,
    subjects: round ? [`Your ${name}`, `After the ${name}`] : [`${company} after the raise`],
    themes: GROWTH_THEMES,
  };
}

function readHiring(value: string, company: string): Angle | null {
  const text = inline(value);
  const count = Number(/^(\d+)\s+open (?:roles|positions)/i.exec(text)?.[1] ?? NaN);
  const title = /\(([^;)]+)/.exec(text)?.[1]?.trim();
  const plainTitle = safe(title) && words(title) <= 4 ? title : undefined;
  if (Number.isInteger(count) && count > 0) {
    const roles = count === 1 ? 'an open role' : `${count} open roles`;
    return {
      openers: [
        `Saw ${roles} on your careers page${plainTitle ? `, ${plainTitle} among them` : ''}.`,
        `Looks like ${company} is hiring, with ${roles} right now.`,
        ...(count > 1 ? [`${count} open roles is a lot of hiring at once.`] : []),
      ],
      topic: count === 1 ? 'your open role' : `your ${count} open roles`,
      subjects: count === 1 ? [`Hiring at ${company}`] : [`Your ${count} open roles`, `Hiring at ${company}`],
      themes: HIRING_THEMES,
    };
  }
  // "Hiring 6 SDRs in Berlin": the rest of the statement says who.
  const who = /^hiring\s+(.+)$/i.exec(text)?.[1];
  if (safe(who) && !/^:/.test(who) && words(who) <= 8) {
    return {
      openers: [`Saw that ${company} is hiring ${who}.`, `Looks like ${company} is hiring ${who} right now.`],
      topic: 'your hiring',
      subjects: [`Hiring at ${company}`],
      themes: HIRING_THEMES,
    };
  }
  return {
    openers: [`Saw that ${company} is hiring.`, `Looks like ${company} is hiring right now.`],
    topic: 'your hiring',
    subjects: [`Hiring at ${company}`],
    themes: HIRING_THEMES,
  };
}

function readEmployees(value: string, company: string): Angle | null {
  const text = inline(value);
  const fortune = /^(Fortune \d+) company$/i.exec(text)?.[1];
  if (fortune) {
    return {
      openers: [`Saw that ${company} is a ${fortune} company.`],
      topic: `a ${fortune} team`,
      subjects: [`${company} at ${fortune} scale`],
      themes: SIZE_THEMES,
    };
  }
  const range = /^([\d,]+)\s*[–-]\s*([\d,]+) employees$/i.exec(text);
  const single = /^([\d,]+)(\+)? employees$/i.exec(text);
  const people = range ? `between ${range[1]} and ${range[2]} people` : single ? `${single[2] ? 'over ' : ''}${single[1]} people` : null;
  if (!people) return null;
  return {
    openers: [
      `Saw that ${company} has grown to ${people}.`,
      `Getting a team to ${people} takes real work.`,
      `${company} has ${people} on the team now, which is no small thing.`,
    ],
    topic: `${possessive(company)} growth`,
    subjects: [`${possessive(company)} growth`, `Growing ${company}`],
    themes: SIZE_THEMES,
  };
}

function readTech(value: string, company: string): Angle | null {
  // Research marks web servers, runtimes and page metadata "(…; infrastructure)": nothing to write to a buyer about.
  if (/;\s*infrastructure\)/i.test(value)) return null;
  const rest = /^(?:uses|using|runs on|built (?:on|with)|powered by)\s+(.+)$/i.exec(inline(value))?.[1] ?? inline(value);
  const name = rest
    .replace(/\s*\(.*$/, '')
    .replace(/,.*$/, '')
    .replace(/\s+v?\d[\d.]*$/, '')
    .trim();
  if (!safe(name) || words(name) > 3) return null;
  return {
    openers: [`Noticed ${company} runs on ${name}.`, `Saw ${name} in ${possessive(company)} stack.`, `Saw that your team uses ${name}.`],
    topic: `your ${name} setup`,
    subjects: [`${name} at ${company}`, `Your ${name} setup`],
    themes: [...TECH_THEMES, name.toLowerCase()],
  };
}

function readCustomer(value: string, company: string): Angle | null {
  const text = inline(value);
  const base = /^customer base:\s*(.+)$/i.exec(text)?.[1];
  if (base) {
    return safe(base)
      ? {
          openers: [`Serving ${base} is no small thing.`, `Saw that ${company} serves ${base}.`],
          topic: 'your customer base',
          subjects: [`${possessive(company)} customers`],
          themes: CUSTOMER_THEMES,
        }
      : null;
  }
  const worksWith = /^works with (.+)$/i.exec(text)?.[1];
  if (worksWith) {
    return safe(worksWith)
      ? {
          openers: [`Saw that ${company} works with ${worksWith}.`],
          topic: 'your customers',
          subjects: [`${possessive(company)} customers`],
          themes: CUSTOMER_THEMES,
        }
      : null;
  }
  const name = /^customer:\s*(.+)$/i.exec(text)?.[1] ?? text;
  if (!safe(name) || words(name) > 4 || !/^[A-Z0-9]/.test(name)) return null;
  return {
    openers: [
      `Saw that ${name} is a customer of yours, which is a strong logo to have.`,
      `${name} on ${possessive(company)} customer list caught my eye.`,
      `Nice to see ${name} among ${possessive(company)} customers.`,
    ],
    topic: `your work with ${name}`,
    subjects: [`Your work with ${name}`, `${name} and ${company}`],
    themes: CUSTOMER_THEMES,
  };
}

function readProduct(value: string, company: string): Angle | null {
  const text = inline(value);
  if (/^pricing:/i.test(text)) return null; // a price list makes a poor opening line
  const headline = /^headline:\s*(.+)$/i.exec(text)?.[1];
  if (headline !== undefined) {
    if (!safe(headline) || headline.includes('"')) return null;
    return {
      openers: [
        `The line on your homepage, "${headline}", caught my eye.`,
        `"${headline}" is a sharp promise for ${company} to lead its homepage with.`,
      ],
      topic: 'your homepage',
      subjects: ['Your homepage line', `A note on ${possessive(company)} homepage`],
      themes: PRODUCT_THEMES,
    };
  }
  if (!safe(text) || words(text) > 10) return null;
  return {
    openers: [
      `Saw that ${company} offers ${text.charAt(0).toLowerCase()}${text.slice(1)}.`,
      `I took a look at what ${company} offers, "${text}".`,
    ],
    topic: 'what your team offers',
    subjects: [`${possessive(company)} product`],
    themes: PRODUCT_THEMES,
  };
}

function readPain(value: string, company: string): Angle | null {
  const pain = inline(value);
  if (!safe(pain) || pain.includes('"') || words(pain) > 12) return null;
  const short = words(pain) <= 5;
  return {
    openers: short
      ? [
          `I liked how directly your site takes on ${pain}.`,
          `${possessive(company)} site makes a strong case against ${pain}.`,
          `Saw how ${company} goes after ${pain} for its customers.`,
        ]
      : [`This line from your site stuck with me, "${pain}".`],
    topic: short ? `your take on ${pain}` : 'your website',
    subjects: ['A note on your website', `${possessive(company)} website`],
    themes: [...pain.toLowerCase().split(/\W+/), 'manual', 'time', 'process'],
  };
}

function readValue(value: string): Angle | null {
  const claim = inline(value);
  if (!safe(claim) || claim.includes('"') || words(claim) > 16) return null;
  return {
    openers: [`The result on your site, "${claim}", is hard to ignore.`, `A claim like "${claim}" makes a strong homepage.`],
    topic: 'the results on your site',
    subjects: ['The results on your site'],
    themes: ['results', 'roi', 'proof', 'customers', ...claim.toLowerCase().split(/\W+/)],
  };
}

function readDescription(value: string, company: string): Angle | null {
  const text = inline(value);
  // Only a one-sentence description that opens with the company's name reads as a statement about it.
  if (!text.toLowerCase().startsWith(company.toLowerCase()) || /[.!?]/.test(text) || words(text) > 22 || !safe(text)) return null;
  return {
    openers: [`I read that ${text}.`],
    topic: `${possessive(company)} work`,
    subjects: [`${possessive(company)} work`],
    themes: PRODUCT_THEMES,
  };
}

function readLocation(value: string, company: string): Angle | null {
  const text = inline(value);
  if (/^address:/i.test(text)) return null;
  const [, how, place] = /^(headquartered|based|located|offices|facilities) in (.+)$/i.exec(text) ?? [null, 'based', text];
  if (!safe(place) || words(place) > 4 || !/^[A-Z]/.test(place)) return null;
  const verb = /offices/i.test(how ?? '') ? 'has offices in' : /facilities/i.test(how ?? '') ? 'runs facilities in' : 'is based in';
  return {
    openers: [`Saw that ${company} ${verb} ${place}.`],
    topic: `the team in ${place.split(',')[0]}`,
    subjects: [`${company} in ${place.split(',')[0]}`],
    themes: ['regions', 'market', 'local', 'territory'],
  };
}

function readFounded(value: string, company: string): Angle | null {
  const year = YEAR.exec(value)?.[1];
  if (!year) return null;
  return {
    openers: [`${company} has been at it since ${year}, which is quite a run.`],
    topic: `${possessive(company)} track record`,
    subjects: [`${company} since ${year}`],
    themes: ['process', 'established', 'legacy'],
  };
}

const READERS: Record<string, Reader> = {
  funding: readFunding,
  hiring: readHiring,
  employees: readEmployees,
  tech: readTech,
  customer: readCustomer,
  product: readProduct,
  'pain-point': readPain,
  value: readValue,
  description: readDescription,
  location: readLocation,
  founded: readFounded,
};

/** The kinds of fact an email may state; contact details, social links, revenue and industry labels never are. */
export const PERSONAL_KINDS = Object.keys(READERS);

/** What the writer can say with a fact, or null when the fact cannot be put naturally (it is then never used). */
export function readFact(fact: Fact, company: string): FactAngle | null {
  const angle = READERS[fact.kind]?.(fact.value, company);
  if (!angle) return null;
  const year = Number(YEAR.exec(fact.value)?.[1] ?? NaN);
  return { fact, ...angle, year: Number.isNaN(year) ? null : year };
}
