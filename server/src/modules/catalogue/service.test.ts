import { describe, expect, it } from 'vitest';
import { readData } from '@portal/content';
import {
  bundleIn,
  createCatalogueService,
  dataMbOf,
  lineTypesFor,
  parseCatalogue,
  serviceTypeOf,
  validityDaysOf,
} from './service.js';
import { createCatalogueStore } from './store.js';

const settings =
  (enablePostpaidBundles = false) =>
  async () => ({ enablePostpaidBundles, currency: 'NGN' });

function catalogue(
  options: { postpaid?: boolean; lineType?: 'PREPAID' | 'POSTPAID' | 'HYBRID'; broadband?: boolean } = {},
) {
  return createCatalogueService({
    store: createCatalogueStore(),
    settings: settings(options.postpaid),
    findSubscriber: async () => ({
      lineType: options.lineType ?? 'PREPAID',
      broadband: options.broadband ?? false,
    }),
  });
}

describe('catalogue data (content/data/bundles.json)', () => {
  const entries = parseCatalogue(readData('bundles'));

  it('is a realistic Nigerian catalogue: every kind of bundle, prices in NGN', () => {
    const categories = new Set(entries.map((e) => e.bundle.category.toLowerCase()));
    for (const word of ['data', 'social', 'sms', 'international', 'roaming', 'combo', 'mifi', 'router']) {
      expect(
        [...categories].some((c) => c.includes(word)),
        word,
      ).toBe(true);
    }
    const periods = new Set(entries.map((e) => e.bundle.periodType));
    for (const period of ['Daily', 'Weekly', 'Monthly', '']) expect(periods.has(period), period).toBe(true);
    expect(entries.some((e) => e.bundle.validity === -1)).toBe(true);
    expect(entries.some((e) => e.bundle.data === 'Unlimited')).toBe(true);
    expect(entries.some((e) => e.lineType === 'POSTPAID')).toBe(true);
    expect(entries.some((e) => e.serviceType === 'BROADBAND')).toBe(true);
    for (const e of entries) {
      expect(e.currency).toBe('NGN');
      expect(e.bundle.linetype).toBe(e.bundle.lineType);
      expect(e.amountKobo).toBe(Math.round(e.bundle.amount * 100));
    }
  });

  it('the sandbox MiFi number’s active bundle is a catalogue product', () => {
    expect(entries.find((e) => e.productCode === 'MIFI_MONTHLY_10GB')?.bundle.name).toBe('MiFi Monthly 10GB');
  });

  it('refuses a broken catalogue', () => {
    expect(() => parseCatalogue([{ productCode: 'X' }])).toThrow(/invalid bundles data/);
    const one = readData<Record<string, unknown>[]>('bundles')[0]!;
    expect(() => parseCatalogue([one, one])).toThrow(/duplicate productCode/);
  });

  it('says every bundle in each language of the portal, with the numbers and units of its English words', () => {
    // A number or an amount with its unit ('1.5GB', '3 Mbps', '20'): the words around them are the language's.
    const amounts = (text: string) => (text.match(/\d+(?:\.\d+)?(?:\s?(?:MB|GB|Mbps))?/g) ?? []).sort();
    for (const e of entries) {
      for (const language of ['ha', 'yo', 'ig', 'pcm', 'sw']) {
        const said = bundleIn(e, language);
        expect(said.description, `${e.productCode} ${language}`).not.toBe(e.bundle.description);
        expect(said.name, `${e.productCode} ${language}`).not.toBe(e.bundle.name);
        expect(amounts(said.description), `${e.productCode} ${language}`).toEqual(
          amounts(e.bundle.description),
        );
        // Only the words change: the price, the product and what the card lists beside them stay.
        expect({ ...said, name: e.bundle.name, description: e.bundle.description }).toEqual(e.bundle);
      }
    }
  });
});

describe('the catalogue file: translations', () => {
  const english = readData<Record<string, unknown>[]>('bundles').map(({ translations: _, ...raw }) => raw);
  const first = english[0]!;
  const withTranslations = (translations: unknown) => [{ ...first, translations }];

  it('keeps a file without translations valid: every bundle in English', () => {
    const entries = parseCatalogue(english);
    expect(entries).toHaveLength(english.length);
    for (const e of entries) {
      expect(e.translated.size).toBe(0);
      expect(bundleIn(e, 'ha')).toBe(e.bundle);
      expect(e.bundle).not.toHaveProperty('translations');
    }
  });

  it('takes a name, a description or both per language; the wire bundle never carries the translations', () => {
    const [entry] = parseCatalogue(
      withTranslations({
        ha: { description: 'Bayani' },
        yo: { name: 'Orúkọ' },
        sw: { name: 'Jina', description: 'Maelezo' },
      }),
    );
    expect(entry!.bundle).not.toHaveProperty('translations');
    expect(bundleIn(entry!, 'ha')).toMatchObject({ name: first['name'], description: 'Bayani' });
    expect(bundleIn(entry!, 'yo')).toMatchObject({ name: 'Orúkọ', description: first['description'] });
    expect(bundleIn(entry!, 'sw')).toMatchObject({ name: 'Jina', description: 'Maelezo' });
    expect(bundleIn(entry!, 'sw')).not.toHaveProperty('translations');
  });

  it('refuses a broken translation at load, naming where', () => {
    const broken: [unknown, RegExp][] = [
      [{ en: { description: 'English again' } }, /translations\.en: English is the bundle's own/],
      [{ HA: { description: 'x' } }, /translations\.HA: a language is two or three lower-case letters/],
      [{ hausa: { description: 'x' } }, /translations\.hausa/],
      [{ ha: {} }, /translations\.ha: a translation needs a name or a description/],
      [{ ha: { description: '  ' } }, /translations\.ha\.description/],
      [{ ha: { descripton: 'typo' } }, /translations\.ha/],
      [{ ha: 'Bayani' }, /translations\.ha/],
      [['Bayani'], /translations/],
    ];
    for (const [translations, message] of broken) {
      expect(() => parseCatalogue(withTranslations(translations)), JSON.stringify(translations)).toThrow(
        message,
      );
    }
  });
});

describe('the language of the list', () => {
  const bundle = (productCode: string, translations?: unknown) => ({
    productCode,
    name: `Name ${productCode}`,
    category: 'Data Bundles',
    periodType: 'Daily',
    description: `Description ${productCode}`,
    data: '1',
    dataUnit: 'GB',
    voice: '',
    voiceUnit: '',
    sms: '',
    validity: 1,
    validityUnit: 'Days',
    amount: 100,
    currency: 'NGN',
    lineType: 'PREPAID',
    serviceType: 'MOBILE',
    ...(translations ? { translations } : {}),
  });
  const small = () =>
    createCatalogueService({
      store: createCatalogueStore({
        read: () => [
          bundle('A', { ha: { name: 'Suna A', description: 'Bayani A' }, yo: { description: 'Àlàyé A' } }),
          bundle('B', { ha: { description: 'Bayani B' } }),
          bundle('C'),
        ],
      }),
      settings: settings(),
      findSubscriber: async () => ({ lineType: 'PREPAID', broadband: false }),
    });
  const said = (list: { name: string; description: string }[]) =>
    list.map((b) => `${b.name}: ${b.description}`);

  it('answers in the language asked, each bundle in English where the file lacks that language', async () => {
    const service = small();
    expect(said(await service.bundles({ msisdn: '8021000001' }, 'ha'))).toEqual([
      'Suna A: Bayani A',
      'Name B: Bayani B',
      'Name C: Description C',
    ]);
    expect(said(await service.bundles({ msisdn: '8021000001' }, 'yo'))).toEqual([
      'Name A: Àlàyé A',
      'Name B: Description B',
      'Name C: Description C',
    ]);
    const english = ['Name A: Description A', 'Name B: Description B', 'Name C: Description C'];
    expect(said(await service.bundles({ msisdn: '8021000001' }))).toEqual(english);
    expect(said(await service.bundles({ msisdn: '8021000001' }, 'en'))).toEqual(english);
    expect(said(await service.bundles({ msisdn: '8021000001' }, 'fr'))).toEqual(english);
    expect(said(await service.bundles({ msisdn: '8021000001' }, 'HA-ng'))).toEqual(
      said(await service.bundles({ msisdn: '8021000001' }, 'ha')),
    );
  });

  it('names the language of the answer: one the file holds, else English', async () => {
    const service = small();
    expect(await service.answerLanguage('ha')).toBe('ha');
    expect(await service.answerLanguage('yo-NG')).toBe('yo');
    for (const other of ['en', 'ig', 'fr', '', '*', undefined]) {
      expect(await service.answerLanguage(other), String(other)).toBe('en');
    }
  });

  it('the sample catalogue answers a Hausa, Yoruba, Igbo, Pidgin or Swahili page in its language', async () => {
    const service = catalogue();
    for (const language of ['ha', 'yo', 'ig', 'pcm', 'sw']) {
      expect(await service.answerLanguage(language)).toBe(language);
    }
    const hausa = await service.bundles({ msisdn: '8021000001' }, 'ha');
    expect(hausa.find((b) => b.productCode === 'ROAM_W_WESTAFRICA')?.description).toBe(
      '500MB + minti 20 yayin roaming a Yammacin Afirka, kwana 7',
    );
    const english = await service.bundles({ msisdn: '8021000001' });
    expect(english.find((b) => b.productCode === 'ROAM_W_WESTAFRICA')?.description).toBe(
      '500MB + 20 mins while roaming in West Africa, 7 days',
    );
    expect(hausa.map((b) => b.productCode)).toEqual(english.map((b) => b.productCode));
  });
});

describe('provisioning values', () => {
  it('data in MB', () => {
    expect(dataMbOf('100', 'MB')).toBe(100);
    expect(dataMbOf('1.5', 'GB')).toBe(1536);
    expect(dataMbOf('10', 'gb')).toBe(10240);
    expect(dataMbOf('1', 'TB')).toBe(1024 * 1024);
    expect(dataMbOf('', '')).toBe(0);
    expect(dataMbOf('Unlimited', '')).toBeUndefined();
    expect(() => dataMbOf('lots', 'GB')).toThrow();
  });

  it('validity in days; -1 never expires', () => {
    expect(validityDaysOf(30, 'Days')).toBe(30);
    expect(validityDaysOf(2, 'Weeks')).toBe(14);
    expect(validityDaysOf(3, 'Months')).toBe(90);
    expect(validityDaysOf(24, 'Hours')).toBe(1);
    expect(validityDaysOf(-1, 'Days')).toBeUndefined();
  });
});

describe('findBundle', () => {
  it('answers the price and what to provision', async () => {
    const entry = await catalogue().findBundle('DATA_M_10GB');
    expect(entry).toMatchObject({
      productCode: 'DATA_M_10GB',
      amountKobo: 450_000,
      currency: 'NGN',
      lineType: 'PREPAID',
      serviceType: 'MOBILE',
      provision: { productCode: 'DATA_M_10GB', description: 'Monthly 10GB', dataMb: 10240, validityDays: 30 },
      bundle: { amount: 4500, data: '10', dataUnit: 'GB', validity: 30, linetype: 'PREPAID' },
    });
  });

  it('unlimited data and never-expiring bundles leave the limits out', async () => {
    const service = catalogue();
    const unlimited = await service.findBundle('DATA_M_UNLIMITED');
    expect(unlimited?.provision).toEqual({
      productCode: 'DATA_M_UNLIMITED',
      description: 'Monthly Unlimited Lite',
      validityDays: 30,
    });
    const forever = await service.findBundle('DATA_NE_500MB');
    expect(forever?.provision).toEqual({
      productCode: 'DATA_NE_500MB',
      description: 'Always-On 500MB',
      dataMb: 500,
    });
    const sms = await service.findBundle('SMS_W_100');
    expect(sms?.provision.dataMb).toBe(0);
  });

  it('is undefined for an unknown product', async () => {
    expect(await catalogue().findBundle('NOPE')).toBeUndefined();
    await expect(catalogue().requireBundle('NOPE')).rejects.toMatchObject({ code: '404' });
  });

  it('isOfferedTo follows line type, broadband and the postpaid setting', async () => {
    const off = catalogue();
    const on = catalogue({ postpaid: true });
    const prepaidBundle = (await off.findBundle('DATA_D_1GB'))!;
    const postpaidBundle = (await off.findBundle('POST_DATA_M_10GB'))!;
    const mifi = (await off.findBundle('MIFI_MONTHLY_10GB'))!;
    expect(await off.isOfferedTo(prepaidBundle, { lineType: 'PREPAID', broadband: false })).toBe(true);
    expect(await off.isOfferedTo(prepaidBundle, { lineType: 'POSTPAID', broadband: false })).toBe(false);
    expect(await off.isOfferedTo(postpaidBundle, { lineType: 'POSTPAID', broadband: false })).toBe(false);
    expect(await on.isOfferedTo(postpaidBundle, { lineType: 'POSTPAID', broadband: false })).toBe(true);
    expect(await on.isOfferedTo(postpaidBundle, { lineType: 'HYBRID', broadband: false })).toBe(true);
    expect(await off.isOfferedTo(mifi, { lineType: 'PREPAID', broadband: false })).toBe(false);
    expect(await off.isOfferedTo(mifi, { lineType: 'PREPAID', broadband: true })).toBe(true);
    expect(await off.isOfferedTo(prepaidBundle, { lineType: 'PREPAID', broadband: true })).toBe(false);
  });
});

describe('which bundles a line sees', () => {
  it('line types', () => {
    expect(lineTypesFor('PREPAID', false)).toEqual(['PREPAID']);
    expect(lineTypesFor('POSTPAID', false)).toEqual([]);
    expect(lineTypesFor('POSTPAID', true)).toEqual(['POSTPAID']);
    expect(lineTypesFor('HYBRID', false)).toEqual(['PREPAID']);
    expect(lineTypesFor('HYBRID', true)).toEqual(['PREPAID', 'POSTPAID']);
    expect(lineTypesFor(undefined, true)).toEqual(['PREPAID']);
  });

  it('service types', () => {
    for (const s of ['BROADBAND', 'mifi', 'Router', 'HBB']) expect(serviceTypeOf(s)).toBe('BROADBAND');
    for (const s of [null, undefined, '', 'DATA']) expect(serviceTypeOf(s)).toBe('MOBILE');
  });

  it('a prepaid number sees prepaid mobile bundles; a MiFi number its plans; postpaid only when enabled', async () => {
    const prepaid = await catalogue({ lineType: 'PREPAID' }).bundles({ msisdn: '8021000001' });
    expect(prepaid.length).toBeGreaterThan(20);
    expect(prepaid.every((b) => b.lineType === 'PREPAID' && b.serviceType === 'MOBILE')).toBe(true);

    const mifi = await catalogue({ broadband: true }).bundles({ msisdn: '9021000005', lineType: 'PREPAID' });
    expect(mifi.length).toBeGreaterThan(3);
    expect(mifi.every((b) => b.serviceType === 'BROADBAND')).toBe(true);

    expect(await catalogue({ lineType: 'POSTPAID' }).bundles({ msisdn: '8021000002' })).toEqual([]);
    const postpaid = await catalogue({ lineType: 'POSTPAID', postpaid: true }).bundles({
      msisdn: '8021000002',
    });
    expect(postpaid.length).toBeGreaterThan(0);
    expect(postpaid.every((b) => b.lineType === 'POSTPAID')).toBe(true);
  });

  it('without a number: by serviceType or lineType', async () => {
    const plans = await catalogue().bundles({ serviceType: 'BROADBAND' });
    expect(plans.every((b) => b.serviceType === 'BROADBAND')).toBe(true);
    const mobile = await catalogue().bundles({ lineType: 'PREPAID', serviceType: null });
    expect(mobile.every((b) => b.serviceType === 'MOBILE' && b.lineType === 'PREPAID')).toBe(true);
  });

  it('product config lists categories and period types (blank period as Others)', async () => {
    const config = await catalogue().productConfig();
    expect(config).toMatchObject({ productCode: 'ORP', currency: 'NGN', enablePostpaidBundles: false });
    expect(config.lineTypes).toEqual(['PREPAID']);
    expect(config.periodTypes).toEqual(['Daily', 'Monthly', 'Others', 'Weekly']);
    const names = config.categories.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.some((n) => n.startsWith('Postpaid'))).toBe(false);
    const on = await catalogue({ postpaid: true }).productConfig();
    expect(on.lineTypes).toEqual(['POSTPAID', 'PREPAID']);
  });
});

describe('findPaymentBundle (what the payments service checks and provisions)', () => {
  it('answers price, description and provisioning with null for unlimited', async () => {
    const service = catalogue();
    expect(await service.findPaymentBundle('DATA_M_10GB')).toEqual({
      amount: 4500,
      currency: 'NGN',
      description: 'Monthly 10GB - 10GB, 30 days',
      dataMb: 10240,
      validityDays: 30,
      offered: true,
    });
    expect(await service.findPaymentBundle('DATA_M_UNLIMITED')).toMatchObject({
      dataMb: null,
      validityDays: 30,
    });
    expect(await service.findPaymentBundle('DATA_NE_500MB')).toMatchObject({
      dataMb: 500,
      validityDays: null,
    });
    expect(await service.findPaymentBundle('SMS_W_100')).toMatchObject({ dataMb: 0, validityDays: 7 });
    expect(await service.findPaymentBundle('NOPE')).toBeUndefined();
  });

  it('says the description in English, or in the language it is given', async () => {
    const service = catalogue();
    expect((await service.findPaymentBundle('DATA_M_10GB', undefined))?.description).toBe(
      'Monthly 10GB - 10GB, 30 days',
    );
    expect((await service.findPaymentBundle('DATA_M_10GB', undefined, 'sw'))?.description).toBe(
      '10GB ya mwezi - 10GB, siku 30',
    );
    expect((await service.findPaymentBundle('DATA_M_10GB', undefined, 'fr'))?.description).toBe(
      'Monthly 10GB - 10GB, 30 days',
    );
  });
});
