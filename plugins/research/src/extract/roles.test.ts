import { describe, expect, it } from 'vitest';
import { evalLabel, evalPage } from '../eval-fixture.ts';
import { pageFrom } from '../test-page.ts';
import { titleKey, titlesIn } from './job-titles.ts';
import { extractHiredRoles, extractRoles } from './roles.ts';

const roleValues = (pages: Parameters<typeof extractRoles>[0]) => extractRoles(pages).map((draft) => draft.value);

describe('titlesIn', () => {
  it('reads ranks with "of", C-level acronyms and chief titles (as their acronym)', () => {
    expect(titlesIn('“It cut our forecast call to 20 minutes,” says Maya Patel, VP of Sales at Brightwave.')).toEqual(['VP of Sales']);
    expect(titlesIn('“Our CRO trusts the number,” says Tom Becker, Head of RevOps at Lumenstack.')).toEqual(['CRO', 'Head of RevOps']);
    expect(titlesIn('Ana Souza, Head of Sales Operations at Parcelry, and their Chief Financial Officer agree.')).toEqual([
      'Head of Sales Operations',
      'CFO',
    ]);
    expect(titlesIn('The Vice President of Marketing and the SVP Sales signed off.')).toEqual(['VP of Marketing', 'SVP of Sales']);
    expect(titlesIn('our head of finance and the director of people')).toEqual(['Head of Finance', 'Director of People']);
  });

  it('reads function-and-role phrases in any case, singular, without their level', () => {
    expect(titlesIn('Sales leaders and RevOps managers struggle with manual forecasting.')).toEqual(['Sales Leader', 'RevOps Manager']);
    expect(titlesIn('Senior Account Executive, Mid-Market')).toEqual(['Account Executive']);
    expect(titlesIn('For e-commerce managers and growth marketers')).toEqual(['E-commerce Manager', 'Growth Marketer']);
    expect(titlesIn('Built for SDRs and BDRs.')).toEqual(['SDR', 'BDR']);
    expect(titlesIn('Made for controllers, attorneys and general managers.')).toEqual(['Controller', 'Attorney', 'General Manager']);
  });

  it('reads a role of any area of work, lower-case ranks, chiefs without "officer", and leaves out what is not a person', () => {
    expect(titlesIn('Pawchart is built for practice managers, permit coordinators and head nurses.')).toEqual([
      'Practice Manager',
      'Permit Coordinator',
      'Head Nurse',
    ]);
    expect(titlesIn('It gives registrars and heads of admissions one file per family.')).toEqual(['Registrar', 'Head of Admissions']);
    expect(titlesIn('For heads of ecommerce and medical staffing managers.')).toEqual(['Head of Ecommerce', 'Medical Staffing Manager']);
    expect(titlesIn('Our chief executive, Daan Visser, and our chief information security officer')).toEqual(['CEO', 'CISO']);
    expect(titlesIn('— Laura Bekele, Head of Commercial Lines at Ashgrove Brokers')).toEqual(['Head of Commercial Lines']);
    expect(titlesIn('Made for the owners of remodeling firms and customs brokers.')).toEqual(['Owner', 'Customs Broker']);
    // A verb before a role, a person's name, a product or a level is not an area of work.
    expect(titlesIn('It helps managers, and we use a password manager; the head of the queue waits.')).toEqual([]);
    // A heading's question word is not an area either: "Why engineers switch" names no Why Engineer.
    expect(titlesIn('Why engineers switch to Kestrel. How managers plan.')).toEqual([]);
    expect(titlesIn('Gareth Price, Farm Manager, Longmeadow Dairy')).toEqual(['Farm Manager']);
    // One role of two areas is two titles; a lower-case rank keeps every word of its area.
    expect(titlesIn('Built for finance and operations leaders.')).toEqual(['Finance Leader', 'Operations Leader']);
    expect(titlesIn('For the director of financial planning who needs numbers')).toEqual(['Director of Financial Planning']);
  });

  it('keeps the longest reading of the same words and ignores words that are not titles', () => {
    expect(titlesIn('Head of Sales Operations')).toEqual(['Head of Sales Operations']);
    expect(titlesIn('Our customers include Fortune 500 companies, and it leads to faster deals; every sales lead counts.')).toEqual([]);
    expect(titleKey('Sales & Marketing Director')).toBe(titleKey('sales and marketing director'));
  });
});

describe('extractRoles', () => {
  it('reads a leadership page and an audience line, each with its source and sentence; the careers listing is hiring, not buyers', () => {
    const pages = [
      evalPage('ledgerly', 'index.html', 'home'),
      evalPage('ledgerly', 'company/leadership.html', 'team'),
      evalPage('ledgerly', 'careers.html', 'careers'),
    ];
    const drafts = extractRoles(pages);
    expect(drafts.map((draft) => draft.value)).toEqual([
      'Controller (audience)',
      'AP Manager (audience)',
      'Co-founder (team page)',
      'CEO (team page)',
      'CFO (team page)',
      'VP of Finance Transformation (team page)',
      'Head of Customer Success (team page)',
    ]);
    expect(drafts.find((draft) => draft.value === 'CFO (team page)')).toMatchObject({
      kind: 'role',
      url: 'https://ledgerly.example/company/leadership.html',
      snippet: 'Chief Financial Officer',
    });
    const hired = extractHiredRoles(pages);
    expect(hired.map((draft) => draft.value)).toEqual([
      'Hiring: Account Executive',
      'Hiring: Implementation Consultant',
      'Hiring: Backend Engineer',
    ]);
    expect(hired[0]).toMatchObject({ kind: 'hiring', key: 'role-account-executive', snippet: 'Enterprise Account Executive · Chicago' });
  });

  it('reads team cards of every layout: list items, definition lists, captions, bold names with line breaks', () => {
    expect(roleValues([evalPage('dockyard-wms', 'team.html', 'team')])).toEqual([
      'Founder (team page)',
      'CEO (team page)',
      'CTO (team page)',
      'VP of Sales (team page)',
    ]);
    // A long sentence on an about page is a passing mention, not a person's card.
    expect(roleValues([evalPage('clinicflow', 'about.html', 'about')])).toEqual([
      'Therapist (mention)',
      'Software Engineer (mention)',
      'CEO (team page)',
      'CTO (team page)',
      'Head of Clinical Partnerships (team page)',
    ]);
    expect(roleValues([evalPage('dealdesk', 'people.html', 'team')])).toEqual(['CEO (team page)', 'CRO (team page)']);
    expect(roleValues([evalPage('gridsense', 'team.html', 'team')])).toEqual([
      'CEO (team page)',
      'Head of Asset Management Solutions (team page)',
      'CTO (team page)',
    ]);
  });

  it("reads a testimonial's attribution wherever it stands: a span beside the quote, a footer inside the blockquote", () => {
    expect(roleValues([evalPage('brightcart', 'index.html', 'home')])).toContain('Head of Ecommerce (testimonial)');
    expect(roleValues([evalPage('classloop', 'index.html', 'home')])).toContain('Principal (testimonial)');
  });

  it('reads roles listed on a careers page without links as hiring, and a site-wide attribution over a passing mention', () => {
    const join = [evalPage('shelfwise', 'join.html', 'careers')];
    expect(roleValues(join)).toEqual([]);
    expect(extractHiredRoles(join).map((draft) => draft.value)).toEqual(['Hiring: Data Analyst', 'Hiring: Customer Success Manager']);
    const page = pageFrom('<p>Our CEO spoke at a conference.</p><p>Built for the CEO of a growing agency.</p>');
    expect(roleValues([page])).toEqual(['CEO (audience)']);
  });

  it('finds every labelled title on the sites whose pages these tests read', () => {
    const pages = [
      evalPage('hirewell', 'index.html', 'home'),
      evalPage('hirewell', 'about.html', 'about'),
      evalPage('hirewell', 'careers.html', 'careers'),
    ];
    const found = new Set(extractRoles(pages).map((draft) => titleKey(draft.value.replace(/ \(.*\)$/, ''))));
    expect(evalLabel('hirewell').titles.filter((title) => !found.has(titleKey(title)))).toEqual([]);
  });
});

describe('titles in more trades, and the company counting its own people', () => {
  it('reads two-word areas, leads in a list, and owners named as the audience', () => {
    expect(titlesIn('Built for finance directors, credit controllers and accounts receivable managers.')).toEqual([
      'Finance Director',
      'Credit Controller',
      'Accounts Receivable Manager',
    ]);
    expect(titlesIn('Ward managers, care home managers and directors of nursing use MediRota.')).toEqual([
      'Ward Manager',
      'Care Home Manager',
      'Director of Nursing',
    ]);
    expect(titlesIn('IT managers and security operations leads at companies of 200 to 5,000 employees.')).toEqual([
      'IT Manager',
      'Security Operations Lead',
    ]);
    expect(titlesIn('Made for owners, office managers and bookkeepers.')).toEqual(['Owner', 'Office Manager', 'Bookkeeper']);
    expect(titlesIn('Headteachers and executive housekeepers.')).toEqual(['Headteacher', 'Executive Housekeeper']);
    // A field's adjective before a title of its own, a chief of a trade, a surveyor, a head of research.
    expect(titlesIn('Built for financial controllers, quantity surveyors and chief estimators.')).toEqual([
      'Financial Controller',
      'Quantity Surveyor',
      'Chief Estimator',
    ]);
    expect(titlesIn('Sana Mirza, Head of Security Research')).toEqual(['Head of Security Research']);
    // Leads that are prospects are no title.
    expect(titlesIn('Qualify sales leads and marketing leads, faster.')).toEqual([]);
  });

  it("does not take the company's own staff, counted in its headcount, for its buyers", () => {
    const roles = extractRoles([
      pageFrom('<p>Two warehouses and a team of more than 260 warehouse associates, supervisors and account managers.</p>', {
        kind: 'about',
      }),
    ]);
    expect(roles).toEqual([]);
  });
});

describe('buyers, not roles hired', () => {
  it('keeps a role the site hires for out of the buyer titles, wherever the opening is announced', () => {
    const home = pageFrom(
      `<h1>Payroll for restaurant groups</h1>
       <p>Built for finance directors who run payroll across many sites.</p>
       <p>We're hiring a Sales Development Representative and two Account Executives in Lisbon.</p>
       <section><h2>Open positions</h2><ul><li>Customer Support Specialist</li><li>Senior Data Engineer</li></ul></section>`,
    );
    const jobs = pageFrom('<h1>Join the crew</h1><ul><li><a href="/jobs/sdr">SDR (Berlin)</a></li><li>Head of Finance</li></ul>', {
      url: 'https://acme.example/jobs',
      kind: 'careers',
    });
    expect(roleValues([home, jobs])).toEqual(['Finance Director (audience)']);
    expect(extractHiredRoles([home, jobs]).map((draft) => draft.value)).toEqual([
      'Hiring: Sales Development Representative',
      'Hiring: Account Executive',
      'Hiring: Customer Support Specialist',
      'Hiring: Data Engineer',
      'Hiring: SDR',
      'Hiring: Head of Finance',
    ]);
  });

  it('still reads a title the site both hires for and names as its buyer, as the buyer', () => {
    const page = pageFrom(
      '<p>Designed for RevOps managers who own the forecast.</p><h2>Careers</h2><p>RevOps Manager, remote: help our own team forecast.</p>',
    );
    expect(roleValues([page])).toEqual(['RevOps Manager (audience)']);
    expect(extractHiredRoles([page]).map((draft) => draft.value)).toEqual(['Hiring: RevOps Manager']);
  });

  it("never glues a person's name to a title", () => {
    expect(titlesIn('“We launched in a week,” says Head of Ecommerce Omar Reyes.')).toEqual(['Head of Ecommerce']);
    expect(titlesIn('VP of Sales Priya Raman signed the order.')).toEqual(['VP of Sales']);
    expect(titlesIn('Director of Sales Operations Jan Kowalski and Head of Finance Transformation')).toEqual([
      'Director of Sales Operations',
      'Head of Finance Transformation',
    ]);
    const page = pageFrom(
      '<blockquote><p>“Returns dropped by a third.”</p><footer>Head of Ecommerce Lena Fischer, Trailgear</footer></blockquote>',
    );
    expect(roleValues([page])).toEqual(['Head of Ecommerce (testimonial)']);
  });
});
