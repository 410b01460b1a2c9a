import { describe, expect, it } from 'vitest';
import type { StoredOffer } from '../api/offer-api.ts';
import {
  emptyOfferForm,
  nextRowId,
  offerErrors,
  placeApiErrors,
  sameOfferForm,
  splitList,
  toOffer,
  toOfferForm,
  webAddressError,
  type OfferForm,
} from './offer-form.ts';

/** A complete offer, as the API answers it. */
const offer: StoredOffer = {
  companyName: 'Acme Analytics',
  website: 'https://acme.example/',
  oneLiner: 'books qualified sales meetings with your ideal customers',
  valueProps: [
    { pain: 'manual prospect research', value: 'your reps only talk to accounts that fit' },
    { pain: 'SDR ramp time', value: 'new reps book meetings in their first month' },
  ],
  proofPoints: [{ text: 'Kestrel cut SDR ramp time from 6 months to 3.', customer: 'Kestrel' }],
  personas: { titles: ['VP of Sales', 'Head of RevOps'], seniority: ['VP'] },
  tone: 'plain',
  callToAction: { meetingMinutes: 20, bookingLink: 'https://cal.example/acme' },
  senderName: 'Dana Reyes',
  senderTitle: 'Head of Growth',
};

/** A valid form with some fields changed. */
const filled = (change: Partial<OfferForm> = {}): OfferForm => ({ ...toOfferForm(offer), ...change });

describe('the offer form', () => {
  it('starts a workspace with no offer on two blank value propositions, a 30-minute call and the plain tone', () => {
    const form = toOfferForm(null);
    expect(form).toEqual(emptyOfferForm());
    expect(form.valueProps).toHaveLength(2);
    expect(form).toMatchObject({ proofPoints: [], meetingMinutes: '30', tone: 'plain' });
  });

  it('round-trips a saved offer through the form unchanged, and leaves the sample mark behind', () => {
    expect(offerErrors(toOfferForm(offer))).toEqual({});
    expect(toOffer(toOfferForm(offer))).toEqual(offer);
    expect(toOffer(toOfferForm({ ...offer, sample: true }))).not.toHaveProperty('sample');
  });

  it('trims what was typed, keeps each text on one line, and leaves blank optional fields out rather than sending empty strings', () => {
    const sent = toOffer(
      filled({
        companyName: '  Acme Analytics ',
        oneLiner: 'books qualified\n  sales meetings ',
        website: ' ',
        senderTitle: '',
        bookingLink: '',
        seniority: ' , ',
        titles: 'VP of Sales,  Head of RevOps ,vp of sales,,',
        proofPoints: [{ id: 0, text: ' Cited. ', customer: ' ', result: '' }],
      }),
    );
    expect(sent.companyName).toBe('Acme Analytics');
    expect(sent.oneLiner).toBe('books qualified sales meetings'); // a pasted line break is a space
    expect(sent).not.toHaveProperty('website');
    expect(sent).not.toHaveProperty('senderTitle');
    expect(sent.callToAction).toEqual({ meetingMinutes: 20 });
    expect(sent.personas).toEqual({ titles: ['VP of Sales', 'Head of RevOps'] });
    expect(sent.proofPoints).toEqual([{ text: 'Cited.' }]);
  });

  it('splits comma- or line-separated lists, dropping blanks and repeats', () => {
    expect(splitList('VP Sales, Head of RevOps\nCRO,, vp sales ')).toEqual(['VP Sales', 'Head of RevOps', 'CRO']);
    expect(splitList('   ')).toEqual([]);
  });

  it('names every required field left blank, under its API path', () => {
    expect(Object.keys(offerErrors(emptyOfferForm())).sort()).toEqual([
      'companyName',
      'oneLiner',
      'senderName',
      'valueProps.0.pain',
      'valueProps.0.value',
      'valueProps.1.pain',
      'valueProps.1.value',
    ]);
  });

  it('refuses a web address that is not a full http(s) one, and suggests the fix when only https:// is missing', () => {
    expect(webAddressError('https://acme.com')).toBeNull();
    expect(webAddressError(' http://acme.com/path ')).toBeNull();
    expect(webAddressError('acme.com')).toBe('Start the address with https://, as in https://acme.com');
    for (const bad of ['not a url', 'https://acme', 'ftp://acme.com', 'javascript:alert(1)', 'https://ac me.com'])
      expect(webAddressError(bad), bad).toBe('Enter a full web address, like https://acme.com');
    expect(offerErrors(filled({ website: 'not a url', bookingLink: 'cal' }))).toEqual({
      website: 'Enter a full web address, like https://acme.com',
      'callToAction.bookingLink': 'Enter a full web address, like https://acme.com',
    });
  });

  it('keeps the value propositions between 2 and 5, and proof points at 10 at most', () => {
    const props = (count: number) => Array.from({ length: count }, (_, id) => ({ id, pain: `pain ${id}`, value: `value ${id}` }));
    expect(offerErrors(filled({ valueProps: props(1) }))).toEqual({ valueProps: 'Between 2 and 5 value propositions (now 1)' });
    expect(offerErrors(filled({ valueProps: props(5) }))).toEqual({});
    expect(offerErrors(filled({ valueProps: props(6) }))).toHaveProperty('valueProps');
    const proofs = Array.from({ length: 11 }, (_, id) => ({ id, text: `proof ${id}`, customer: '', result: '' }));
    expect(offerErrors(filled({ proofPoints: proofs }))).toEqual({ proofPoints: 'At most 10 proof points (now 11)' });
    expect(offerErrors(filled({ proofPoints: [{ id: 0, text: '', customer: 'Kestrel', result: '' }] }))).toEqual({
      'proofPoints.0.text': 'Write the proof point, or remove this row',
    });
  });

  it('holds the lengths, list sizes and meeting minutes the schema holds', () => {
    expect(offerErrors(filled({ companyName: 'x'.repeat(121) }))).toEqual({ companyName: 'At most 120 characters (now 121)' });
    expect(offerErrors(filled({ companyName: 'x'.repeat(120) }))).toEqual({});
    expect(offerErrors(filled({ titles: Array.from({ length: 21 }, (_, n) => `Title ${n}`).join(',') }))).toEqual({
      'personas.titles': 'At most 20 titles (now 21)',
    });
    expect(offerErrors(filled({ titles: `VP, ${'x'.repeat(81)}` }))['personas.titles']).toMatch(
      /^Each of the titles at most 80 characters/,
    );
    for (const minutes of ['4', '121', '20.5', 'twenty', ''])
      expect(offerErrors(filled({ meetingMinutes: minutes })), minutes).toEqual({
        'callToAction.meetingMinutes': 'A whole number of minutes from 5 to 120',
      });
    for (const minutes of ['5', '120', ' 45 ']) expect(offerErrors(filled({ meetingMinutes: minutes })), minutes).toEqual({});
  });

  it('tells a change from the saved values whatever the rows are numbered', () => {
    const saved = toOfferForm(offer);
    const renumbered = { ...saved, valueProps: saved.valueProps.map((row) => ({ ...row, id: row.id + 7 })) };
    expect(sameOfferForm(renumbered, saved)).toBe(true);
    expect(sameOfferForm({ ...saved, tone: 'formal' }, saved)).toBe(false);
    expect(nextRowId(renumbered.valueProps)).toBe(9);
    expect(nextRowId([])).toBe(0);
  });

  it("places the API's named fields on the form, a list's item on the list", () => {
    expect(
      placeApiErrors({
        website: 'Invalid URL',
        'valueProps.1.value': 'Too big',
        'personas.titles.3': 'Too big',
        'callToAction.meetingMinutes': 'Too small',
      }),
    ).toEqual({
      errors: {
        website: 'Invalid URL',
        'valueProps.1.value': 'Too big',
        'personas.titles': 'Too big',
        'callToAction.meetingMinutes': 'Too small',
      },
      unplaced: false,
    });
    expect(placeApiErrors({ '(body)': 'Expected object', companyName: 'Required' })).toEqual({
      errors: { companyName: 'Required' },
      unplaced: true,
    });
  });
});
