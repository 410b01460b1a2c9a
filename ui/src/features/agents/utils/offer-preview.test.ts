import { describe, expect, it } from 'vitest';
import { emptyOfferForm, type OfferForm } from './offer-form.ts';
import { offerPreview } from './offer-preview.ts';

const form = (change: Partial<OfferForm>): OfferForm => ({ ...emptyOfferForm(), ...change });

describe('the offer preview', () => {
  it('reads "<company> <one-liner>" and signs off "<name>, <title>" over the company', () => {
    expect(
      offerPreview(
        form({
          companyName: 'Acme Analytics',
          oneLiner: 'books qualified sales meetings',
          senderName: 'Dana Reyes',
          senderTitle: 'Head of Growth',
        }),
      ),
    ).toEqual({
      pitch: 'Acme Analytics books qualified sales meetings.',
      closing: 'Best,',
      signOff: ['Dana Reyes, Head of Growth', 'Acme Analytics'],
    });
  });

  it('writes the one-liner as the copy does: no repeated company name, no closing stop, a plain first word in lower case', () => {
    const pitch = (oneLiner: string) => offerPreview(form({ companyName: 'Acme', oneLiner })).pitch;
    expect(pitch('Acme books meetings.')).toBe('Acme books meetings.');
    expect(pitch('Books meetings with HubSpot teams')).toBe('Acme books meetings with HubSpot teams.');
    expect(pitch('HubSpot-ready meeting booking')).toBe('Acme HubSpot-ready meeting booking.');
  });

  it('stands in for what is not typed yet, and follows the tone', () => {
    expect(offerPreview(emptyOfferForm())).toEqual({
      pitch: 'Your company … what you sell, in one line.',
      closing: 'Best,',
      signOff: ['Your name', 'Your company'],
    });
    expect(offerPreview(form({ tone: 'formal' })).closing).toBe('Kind regards,');
  });

  it('never signs "Acme, Acme": a line equal to the one before it is left out', () => {
    expect(offerPreview(form({ companyName: 'Acme', senderName: 'Acme' })).signOff).toEqual(['Acme']);
    expect(offerPreview(form({ companyName: 'Acme', senderName: 'Dana', senderTitle: 'dana' })).signOff).toEqual(['Dana', 'Acme']);
  });
});
