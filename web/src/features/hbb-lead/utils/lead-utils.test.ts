import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitLeadRequest, type HbbOffer } from '@portal/contract/api/leads';
import { HOME_STARTER_PLAN } from '../testing/offer';
import { geocodeAddress } from './geocode';
import { amountDue, detailsOf, leadPayload, leadPurchaseContext } from './lead';
import { clearSalesWorks, readSalesWorks, readSavedDevice, safePath, setSalesWorks } from './session';

afterEach(() => sessionStorage.clear());

const offer: HbbOffer = {
  device: { id: 'router-4g', name: '4G Home Router', image: 'router-4g', features: [] },
  plans: [HOME_STARTER_PLAN],
  connectionFee: 20000,
  currency: 'NGN',
};
const plan = offer.plans[0]!;
const details = detailsOf({
  fullName: ' Ada Obi ',
  contactNumber: '8021000001',
  email: 'ada@example.com',
  installationAddress: '12 Allen Avenue',
  landmark: '',
  town: 'Ikeja',
  consent: true,
});

describe('saved device (hbbDevice)', () => {
  it('reads JSON with id, plan and a same-site redirect url; a bare id; ignores the rest', () => {
    expect(readSavedDevice()).toEqual({});
    sessionStorage.setItem(
      'hbbDevice',
      JSON.stringify({ id: 'router-5g', planCode: 'X', redirectUrl: '/broadband' }),
    );
    expect(readSavedDevice()).toEqual({ id: 'router-5g', planCode: 'X', redirectUrl: '/broadband' });
    sessionStorage.setItem(
      'hbbDevice',
      JSON.stringify({ id: 'router-5g', redirectUrl: 'https://evil.example' }),
    );
    expect(readSavedDevice()).toEqual({ id: 'router-5g' });
    sessionStorage.setItem('hbbDevice', 'router-5g');
    expect(readSavedDevice()).toEqual({ id: 'router-5g' });
    sessionStorage.setItem('hbbDevice', '<script>');
    expect(readSavedDevice()).toEqual({});
    expect(safePath('//evil.example')).toBeUndefined();
  });
});

describe('sales-works session flag', () => {
  it('isNaijaWorks and id are set and cleared together', () => {
    setSalesWorks('HBB123');
    expect(sessionStorage.getItem('isNaijaWorks')).toBe('true');
    expect(sessionStorage.getItem('id')).toBe('HBB123');
    expect(readSalesWorks()).toEqual({ leadId: 'HBB123' });
    clearSalesWorks();
    expect(readSalesWorks()).toBeUndefined();
    expect(sessionStorage.getItem('id')).toBeNull();
  });
});

describe('address geocoding (spec §4)', () => {
  const place = (name: string) => ({
    name,
    state: 'Lagos',
    address: `${name}, Lagos State`,
    lat: 6.6,
    lng: 3.35,
    source: 'gazetteer' as const,
  });

  it('tries address plus town, then landmark plus town, then town alone', async () => {
    const search = vi.fn(async (q: string) => (q === 'Ikeja' ? [place('Ikeja')] : []));
    const found = await geocodeAddress(
      { address: '12 Allen Avenue', landmark: 'City Mall', town: 'Ikeja' },
      search,
    );
    expect(search.mock.calls.map((c) => c[0])).toEqual([
      '12 Allen Avenue, Ikeja',
      'City Mall, Ikeja',
      'Ikeja',
    ]);
    expect(found).toEqual({ point: { lat: 6.6, lng: 3.35 }, source: 'town', place: 'Ikeja, Lagos State' });
  });

  it('stops at the first place found and names how it was found', async () => {
    const search = vi.fn(async (q: string) => (q.startsWith('City Mall') ? [place('Mall')] : []));
    const found = await geocodeAddress(
      { address: '12 Allen Avenue', landmark: 'City Mall', town: 'Ikeja' },
      search,
    );
    expect(found.source).toBe('landmark');
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('asks for manual confirmation when all fail (failures of the search included)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const search = vi.fn(async (q: string) => {
      if (q === 'Victoria Island') throw new Error('offline');
      return [];
    });
    const found = await geocodeAddress({ address: 'Plot 5', landmark: '', town: 'Victoria Island' }, search);
    expect(search.mock.calls.map((c) => c[0])).toEqual(['Plot 5, Victoria Island', 'Victoria Island']);
    expect(found).toEqual({ point: undefined, source: 'manual' });
    expect(warn).toHaveBeenCalled();
  });
});

describe('lead payload and purchase context', () => {
  it('builds the spec payload, accepted by the contract', () => {
    const payload = leadPayload({
      details,
      plan,
      located: { point: { lat: 6.6, lng: 3.35 }, source: 'town' },
      uniqueCode: 'OTP1.mac',
      lineType: 'Prepaid',
      feasible: true,
      deviceId: 'router-4g',
      formId: 'FRM1',
      language: 'en',
      country: 'République démocratique du Congo',
    });
    expect(payload.address.country).toBe('République démocratique du Congo');
    expect(payload).toMatchObject({
      fullName: 'Ada Obi',
      contactNumber: '8021000001',
      feasibility: true,
      address: {
        type: 'installation',
        street1: '12 Allen Avenue',
        landmark: '',
        city: 'Ikeja',
        lat: 6.6,
        lng: 3.35,
      },
      plan: { code: 'HBB-4G-30', amount: 10000, currency: 'NGN' },
      source: 'WEBPORTAL',
      lineType: 'Prepaid',
      consent: true,
      leadType: 'HBB_LEADS',
    });
    expect(submitLeadRequest.safeParse(payload).success).toBe(true);
  });

  it('a feasible lead pays the plan plus the connection fee as HBB_LEADS, with the email carried', () => {
    expect(amountDue(plan, offer)).toBe(30000);
    expect(
      leadPurchaseContext({
        details,
        plan,
        offer,
        rechargeType: 'Home Broadband',
        redirectPage: '/hbb-lead',
      }),
    ).toMatchObject({
      msisdn: '8021000001',
      amount: 30000,
      transactionType: 'HBB_LEADS',
      currency: 'NGN',
      productCode: 'HBB-4G-30',
      emailId: 'ada@example.com',
      lineType: '',
      rechargeType: 'Home Broadband',
    });
  });
});
