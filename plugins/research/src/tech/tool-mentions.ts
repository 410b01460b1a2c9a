// Business tools a site names in its words rather than its code: "we run on HubSpot", "our
// Salesforce instance", a testimonial's "synced with our NetSuite", a job ad's "experience with
// Salesforce or Pipedrive", "Zendesk admin". Each is weighed by where it was said: the site's own
// statement of use, then a testimonial, then a job ad (a role may name a tool the company is about
// to adopt, or one the candidate should simply know), and quoted as evidence. Only names of
// business tools in the Wappalyzer data set count, spelt as the vendor spells them.
import nlp from 'compromise';
import type { ParsedPage, TextBlock } from '../page.ts';
import { companyNameOf } from '../company-name.ts';
import { splitSentences } from '../extract/text.ts';
import { fingerprints, type Fingerprint } from './fingerprints.ts';
import { classifyTechnology } from './tech-class.ts';

/** Where a site named a tool, strongest first. */
export type MentionSource = 'statement' | 'testimonial' | 'job ad';

/** A tool the site names, with the sentence it was named in. */
export interface ToolMention {
  fingerprint: Fingerprint;
  source: MentionSource;
  url: string;
  sentence: string;
}

export const MENTION_ORDER: readonly MentionSource[] = ['statement', 'testimonial', 'job ad'];
/** 0–100, like a fingerprint's: a statement of use is near a script's certainty, a job ad well under it. */
export const MENTION_CONFIDENCE: Record<MentionSource, number> = { statement: 70, testimonial: 60, 'job ad': 55 };
/** How each source is written in the tech fact: "Uses Salesforce (CRM; business tool: CRM), named in a job ad". */
export const MENTION_LABEL: Record<MentionSource, string> = {
  statement: 'named on the site',
  testimonial: 'named in a testimonial',
  'job ad': 'named in a job ad',
};

let names: Map<string, Fingerprint> | undefined;
const compactName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Business tools by name in lower case ("hubspot", "chili piper"); names of 3 characters or fewer are too ambiguous. */
function toolNames(): Map<string, Fingerprint> {
  names ??= new Map(
    fingerprints()
      .all.filter((fingerprint) => fingerprint.name.length > 3 && classifyTechnology(fingerprint.categories).kind === 'business')
      .map((fingerprint) => [fingerprint.name.toLowerCase(), fingerprint]),
  );
  return names;
}

// A list of capitalised names: "Salesforce, HubSpot or Pipedrive", "Google Analytics and Segment".
const NAME = String.raw`[A-Z0-9][\w.&'-]*(?: [A-Z0-9][\w.&'-]*){0,3}`;
const LIST = String.raw`${NAME}(?:(?:,\s*|\s+(?:and|or|and\/or)\s+|\s*\/\s*|,\s*(?:and|or)\s+)${NAME}){0,5}`;
// Said of the company itself: "we use", "our team lives in", "runs on", "built on"; "our HubSpot portal".
const STATEMENT = [
  new RegExp(
    String.raw`\b(?:[Ww]e|[Oo]ur (?:\w+ ){0,2}teams?|I)\s+(?:use|uses|used|run on|runs on|live in|lives in|work in|works in|work with|works with|rely on|switched to|moved to|standardi[sz]ed on)\s+(${LIST})`,
    'g',
  ),
  new RegExp(String.raw`\b[Oo]ur\s+(${NAME})\s+(?:instance|account|org|portal|workspace|stack|data|pipeline)\b`, 'g'),
  // "We run our own outbound on Salesloft", "we track every renewal in HubSpot": the company's own work, done in a tool.
  new RegExp(
    String.raw`\b(?:[Ww]e|I)\s+(?:run|ran|manage|managed|track|tracked|keep|kept|do|did|handle|handled|plan|planned|book|booked|send|sent|build|built)\s+(?:[\w'’-]+\s+){1,4}?(?:on|in|with|through|using)\s+(${LIST})`,
    'g',
  ),
  // "our pipeline lives in Salesforce", "our support runs on Zendesk".
  new RegExp(
    String.raw`\b[Oo]ur\s+(?!(?:customers?|clients?|users?|members?|partners?|buyers?)\b)(?:[\w-]+\s+){1,3}?(?:lives?|runs?|sits?|is|are|stays?|happens?)\s+(?:in|on)\s+(${LIST})`,
    'g',
  ),
];
// Asked of a candidate: "experience with Salesforce", "you have administered HubSpot", "Zendesk admin".
const JOB_AD = [
  new RegExp(
    String.raw`\b(?:[Ee]xperience|[Ee]xpertise|[Pp]roficiency|[Ff]luency|[Ff]amiliarity|[Kk]nowledge|[Bb]ackground|[Cc]omfort)\s+(?:with|in|of|using)\s+(?:tools like\s+|tools such as\s+|such as\s+)?(${LIST})`,
    'g',
  ),
  new RegExp(String.raw`\b[Yy]ou(?:'ve|’ve| have)?\s+(?:used|administered|built in|run|managed|owned)\s+(${LIST})`, 'g'),
  new RegExp(String.raw`\b(${NAME})\s+(?:admin|administrator|certification|certified|experience|expert)\b`, 'g'),
];

/** The tools a captured list names: in each item, the longest run of its words that is a tool's name ("Senior HubSpot" → HubSpot). */
function toolsIn(list: string): Fingerprint[] {
  const known = toolNames();
  const found: Fingerprint[] = [];
  for (const item of list.split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or|and\/or)\s+|\s*\/\s*/)) {
    const words = item
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/[.,;:!?'’]+$/, ''));
    search: for (let length = words.length; length > 0; length -= 1) {
      for (let start = 0; start + length <= words.length; start += 1) {
        // Any case, as sites write vendors ("Hubspot", "Mailchimp"); the run is capitalised already.
        const tool = known.get(
          words
            .slice(start, start + length)
            .join(' ')
            .toLowerCase(),
        );
        if (tool) {
          found.push(tool);
          break search;
        }
      }
    }
  }
  return found;
}

const QUOTED = /[“”"]|\b(?:says|said)\b/i;
const QUOTE_TAGS = new Set(['blockquote', 'figcaption', 'cite']);
const HIRING =
  /\b(?:we(?:'|’)re hiring|we are hiring|now hiring|open (?:positions|roles)|job openings?|apply (?:now|today)|you(?:'ll| will)\b|requirements|what you bring)\b/i;
const HIRING_HEADING =
  /\b(?:careers?|jobs?|open (?:positions|roles)|openings|join (?:us|our team|the team)|we(?:'|’)re hiring|requirements|what you(?:'ll| will)? bring|about the role)\b/i;

function isJobAd(page: ParsedPage, block: TextBlock, sentence: string): boolean {
  return page.kind === 'careers' || HIRING.test(sentence) || HIRING_HEADING.test(block.heading);
}

// Words that name a tool as something else than one in use: a rival ("unlike Salesforce", "a
// Zendesk alternative"), one left ("moved off Zendesk"), or one the product connects to ("syncs
// with HubSpot", "integrations: Slack, Salesforce").
const NOT_IN_USE =
  /\b(?:than|unlike|instead of|vs\.?|versus|alternative|compared|competitor|replac\w*|switch\w* (?:away )?from|moved (?:off|away from|from)|migrat\w* from|integrat\w*|connect\w*|sync\w*|plugs? into|works with|import\w*|export\w*|push\w*|pull\w*|two-way|native|app for|add-on|marketplace|partner\w*)\b/i;
// A sentence about the company itself ("we", "our newsletter goes out through Mailchimp", "our
// stack"), not its customers, or naming what runs a part of the site ("powered by Stripe").
const OWN_TOOLS =
  /\b(?:we|our(?! (?:customers?|clients?|users?|members?|partners?|buyers?)\b))\b|\b(?:tools we (?:use|love|rely on)|we(?:'re| are) (?:a|an) [\w-]+ (?:shop|house|team)|powered by|payments? (?:are )?(?:processed |handled )?(?:by|through|via)|(?:chat|support|billing|bookings?|scheduling|checkout|analytics|newsletter) (?:is |are )?(?:run |handled |powered )?(?:by|on|through|via|with))\b/i;

// Words that name a tool as a customer, a brand or a store the product is sold in, not one the company
// runs: "Legal teams at Shopify and Klaviyo run their reviews through our platform", "trusted by
// teams at Stripe", "install our app from the Shopify App Store", "listed on the HubSpot marketplace".
const NOT_OWN_TOOL =
  /\b(?:(?:teams?|people|folks|engineers|marketers|leaders|companies|brands|customers|clients) (?:at|like|such as|including)|customers? (?:include|like)|clients? (?:include|like)|trusted by|used by|loved by|chosen by|join(?:ing)? (?:teams|companies|brands)|app ?store|appexchange|app directory|app marketplace|listed (?:on|in)|available (?:on|in) the)\b/i;
// A line of a page's footer or navigation saying what runs a part of the site: "Payments powered by
// Stripe", "Chat by Intercom", "Bookings via Calendly". The rest of a footer (link lists, badges) names no tool in use.
const FOOTER_USE =
  /\b(?:powered by|(?:payments?|checkout|chat|live chat|support|help ?desk|billing|bookings?|scheduling|newsletter|analytics|forms?|surveys?)\s+(?:is |are )?(?:powered |processed |handled |secured |run )?(?:by|via|through|with))\b/i;

/**
 * Every tool a sentence names, in any words: the runs of capitalised words that end in a business tool's name
 * ("Use HubSpot", "Senior Salesforce"), or in its name and an acronym ("HubSpot CRM"); a name that goes on is
 * another name ("across the Mountain West" is a region, not the ad tool Mountain).
 */
function namedTools(sentence: string): Fingerprint[] {
  const tools = [...sentence.matchAll(new RegExp(NAME, 'g'))].flatMap((match) => {
    const [tool] = toolsIn(match[0]);
    if (!tool) return [];
    const words = match[0]
      .replace(/[.,;:!?'’]+$/, '')
      .toLowerCase()
      .split(/\s+/);
    const ending = (skip: number) =>
      words
        .slice(0, words.length - skip)
        .join(' ')
        .endsWith(tool.name.toLowerCase());
    return ending(0) || (/^[A-Z]{2,}$/.test(match[0].split(/\s+/).at(-1) ?? '') && ending(1)) ? [tool] : [];
  });
  if (tools.length === 0) return tools;
  // A person's name is no tool ("— Simon Reeve, CFO"): compromise tells names from words.
  const people = new Set(
    (nlp(sentence).people().json() as Array<{ text: string }>).flatMap((person) =>
      person.text.split(/\s+/).map((word) => word.replace(/\W+$/, '')),
    ),
  );
  return tools.filter((tool) => !tool.name.split(' ').some((word) => people.has(word)));
}

/** Every business tool the pages name, with where and how; the same tool may be named several times. */
export function toolMentions(pages: readonly ParsedPage[]): ToolMention[] {
  const mentions: ToolMention[] = [];
  // A site names itself more than any tool: a tool of its own name ("Clickguard had it in a week"; ClickGUARD is an ad tool) is the company.
  const home = pages.find((page) => page.kind === 'home');
  const own = new Set(home ? [companyNameOf(home), companyNameOf(home).split(/\s+/)[0]!].map(compactName) : []);
  const notOwn = (tools: Fingerprint[]) => tools.filter((tool) => !own.has(compactName(tool.name)));
  for (const page of pages) {
    // A footer's "powered by" line: the statement of use a site makes there, the rest of its footer left alone.
    for (const block of page.boilerplate)
      for (const sentence of splitSentences(block.text))
        for (const part of sentence.split(/\s+[·|•]\s+/))
          if (FOOTER_USE.test(part) && !NOT_IN_USE.test(part) && !NOT_OWN_TOOL.test(part))
            for (const fingerprint of notOwn(namedTools(part)))
              mentions.push({ fingerprint, source: 'statement', url: page.url, sentence: part });
    for (const block of page.blocks) {
      for (const sentence of splitSentences(block.text)) {
        // A customer's name or a store the product is sold in is no tool the company runs, however the sentence reads.
        if (NOT_OWN_TOOL.test(sentence)) continue;
        const jobAd = isJobAd(page, block, sentence);
        const quoted = QUOTE_TAGS.has(block.tag) || QUOTED.test(sentence);
        const source: MentionSource = jobAd ? 'job ad' : quoted ? 'testimonial' : 'statement';
        const add = (fingerprint: Fingerprint) => mentions.push({ fingerprint, source, url: page.url, sentence });
        // A job ad asks for tools; elsewhere only a statement of use names one the company runs.
        for (const pattern of jobAd ? [...JOB_AD, ...STATEMENT] : STATEMENT)
          for (const match of sentence.matchAll(pattern)) for (const fingerprint of notOwn(toolsIn(match[1]!))) add(fingerprint);
        // Any tool a job ad, a customer's quote or a line about the company's own tools names, in
        // whatever words, unless the words say it is a rival, a tool left or one the product connects to.
        if ((jobAd || quoted || OWN_TOOLS.test(sentence)) && !NOT_IN_USE.test(sentence))
          for (const fingerprint of notOwn(namedTools(sentence))) add(fingerprint);
      }
    }
  }
  return mentions;
}
