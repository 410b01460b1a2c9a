import { describe, expect, it } from 'vitest';
import { evidenceText, hasMarkup, humanize, plainText, slotLabel, templateParts, wholeWords } from './text.ts';

describe('humanize', () => {
  it('turns field names into labels', () => {
    expect(humanize('companySize')).toBe('Company size');
    expect(humanize('newProspectsPerDomainPerDay')).toBe('New prospects per domain per day');
    expect(humanize('roi-focused')).toBe('ROI focused');
    expect(humanize('prospectId')).toBe('Prospect ID');
    expect(humanize('step1')).toBe('Step 1');
    expect(humanize('outcome_event_id')).toBe('Outcome event ID');
    expect(humanize('HTMLBody')).toBe('HTML body');
  });
});

describe('plainText', () => {
  it('leaves text without markup as it is, spaces collapsed and entities decoded', () => {
    expect(plainText('  Still   forecasting\nfrom spreadsheets?  ')).toBe('Still forecasting from spreadsheets?');
    expect(plainText('Q&amp;A &#8212; fast &lt;3')).toBe('Q&A — fast <3');
    expect(hasMarkup('3 < 5 and a <b')).toBe(true);
    expect(hasMarkup('3 < 5')).toBe(false);
  });

  it('strips tags and keeps their words', () => {
    expect(plainText('<p>Book a <strong>demo</strong></p>')).toBe('Book a demo');
    expect(plainText('<button type="submit" class="hs-button primary">Get started</button>')).toBe('Get started');
  });

  it('says what markup with no words is, never showing a tag', () => {
    expect(plainText('<script src="https://js.stripe.com/v3/"></script>')).toBe('page markup: script (src https://js.stripe.com/v3/)');
    // A snippet cut in the middle of a tag.
    const cut = plainText('<button type="submit" class="hs-button primary large');
    expect(cut).toBe('page markup: button (type submit)');
    expect(cut).not.toMatch(/</);
    // Markup written as entities is markup too.
    expect(plainText('&lt;button type="submit"&gt;Send&lt;/button&gt;')).toBe('Send');
  });
});

describe('evidenceText', () => {
  it('quotes the words a fact was read from, once', () => {
    expect(evidenceText('We are a team of 11 based in Bangalore, India.')).toBe('“We are a team of 11 based in Bangalore, India.”');
    expect(evidenceText('<h2>Trusted by <em>500</em> teams</h2>')).toBe('“Trusted by 500 teams”');
  });

  it('names the element of a technology seen in the page source, unquoted', () => {
    expect(evidenceText('<button type="submit" class="hs-button primary" value="Submit">')).toBe(
      "in the page's markup: button (type submit, class hs-button primary)",
    );
  });
});

describe('templateParts', () => {
  it('splits a template into words and marked slots', () => {
    expect(templateParts('{seller} for {company}')).toEqual([
      { slot: 'seller', label: 'your company' },
      { text: ' for ' },
      { slot: 'company', label: "prospect's company" },
    ]);
    expect(templateParts('Time back for {company}?')).toEqual([
      { text: 'Time back for ' },
      { slot: 'company', label: "prospect's company" },
      { text: '?' },
    ]);
  });

  it("keeps a pipeline's double-brace references and plain braces as words", () => {
    expect(templateParts('{{ input.website }}')).toEqual([{ text: '{{ input.website }}' }]);
    expect(templateParts('a { b } c')).toEqual([{ text: 'a { b } c' }]);
  });

  it('names an unknown slot from its name', () => {
    expect(slotLabel('dealSize')).toBe('deal size');
    expect(slotLabel('meetingId')).toBe('meeting ID');
  });
});

describe('wholeWords', () => {
  it('cuts at a word end with an ellipsis', () => {
    expect(wholeWords('short enough', 40)).toBe('short enough');
    expect(wholeWords('The quick brown fox jumps', 12)).toBe('The quick…');
  });

  it('takes a source cut that split a word back to the last whole word', () => {
    expect(wholeWords('says Tom Becker, Head of RevOps at Lumensta…', Infinity, { cutMidWord: true })).toBe(
      'says Tom Becker, Head of RevOps at…',
    );
  });
});
