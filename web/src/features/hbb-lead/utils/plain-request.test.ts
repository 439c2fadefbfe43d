import { describe, expect, it } from 'vitest';
import type { FormSchema } from '@portal/contract/forms';
import { carriedLocation, detailTexts, detailValues } from './plain-request';

const schema: FormSchema = {
  fields: [
    { name: 'fullName', label: 'Full name', type: 'text', required: true, rank: 1 },
    { name: 'consent', label: 'I agree', type: 'checkbox', required: true, rank: 2 },
    {
      name: 'contactNumber',
      label: 'Mobile number',
      type: 'tel',
      rank: 3,
      countryCode: '234',
      maxLength: 10,
    },
  ],
  actions: [],
};

describe('the plain request forms', () => {
  it('reads a ticked checkbox as the browser sends it, and writes it back for the next form', () => {
    expect(detailValues(schema, { fullName: 'Ada', consent: 'on' })).toEqual({
      fullName: 'Ada',
      consent: true,
      contactNumber: '',
    });
    expect(detailValues(schema, { fullName: 'Ada' })).toEqual({
      fullName: 'Ada',
      consent: false,
      contactNumber: '',
    });
    expect(detailTexts({ fullName: 'Ada', consent: true })).toEqual({ fullName: 'Ada', consent: 'true' });
    expect(detailValues(schema, detailTexts({ fullName: 'Ada', consent: true }))['consent']).toBe(true);
  });

  it('takes a number sent with its trunk 0 or +234 as the live field does: without them', () => {
    expect(detailValues(schema, { contactNumber: '0803 123 4567' })['contactNumber']).toBe('8031234567');
    expect(detailValues(schema, { contactNumber: '+234 803 123 4567' })['contactNumber']).toBe('8031234567');
  });

  it('carries a point only when it is whole: both coordinates and how it was found', () => {
    expect(carriedLocation({ lat: '6.6', lng: '3.35', source: 'town', place: 'Ikeja' })).toEqual({
      point: { lat: 6.6, lng: 3.35 },
      source: 'town',
      place: 'Ikeja',
    });
    expect(carriedLocation({ lat: '', lng: '3.35', source: 'town' })).toBeUndefined();
    expect(carriedLocation({ lat: '6.6', lng: 'x', source: 'town' })).toBeUndefined();
    expect(carriedLocation({ lat: '6.6', lng: '3.35', source: 'somewhere' })).toBeUndefined();
  });
});
