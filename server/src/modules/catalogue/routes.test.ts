import { PATHS, type Bundle } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';

type Envelope<T> = { statusCode: string; status: string; message: string; result: T };

const PREPAID = { msisdn: '8021000001', lineType: 'PREPAID', serviceType: null };
const MIFI = { msisdn: '9021000005', lineType: 'PREPAID', serviceType: null };

describe.each(testDatabases())('product/v1/bundle in the request’s language on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const list = async (body: object, acceptLanguage?: string) => {
    const response = await portal.request<Envelope<Bundle[]>>(
      'POST',
      PATHS.bundles,
      body,
      acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    );
    expect(response.status).toBe(200);
    return { bundles: response.body.result, headers: response.headers };
  };
  const describedAs = (bundles: Bundle[], productCode: string) =>
    bundles.find((b) => b.productCode === productCode)?.description;

  it('answers each language in its words, keeping one answer per language, never another’s', async () => {
    // In turns, so that a kept answer of one language would show in the next one's.
    const expected: [string | undefined, string][] = [
      ['ha', '500MB + minti 20 yayin roaming a Yammacin Afirka, kwana 7'],
      [undefined, '500MB + 20 mins while roaming in West Africa, 7 days'],
      ['yo', '500MB + ìṣẹ́jú 20 fún roaming ní Ìwọ̀ Oòrùn Áfíríkà, ọjọ́ 7'],
      ['ha', '500MB + minti 20 yayin roaming a Yammacin Afirka, kwana 7'],
      ['ig', '500MB + nkeji 20 mgbe ị nọ n’Ọdịda Anyanwụ Afrịka (roaming), ụbọchị 7'],
      ['pcm', '500MB + 20 mins to use when you dey West Africa, e go last 7 days'],
      ['sw', '500MB + dakika 20 ukiwa Afrika Magharibi (roaming), siku 7'],
      ['en', '500MB + 20 mins while roaming in West Africa, 7 days'],
      ['yo', '500MB + ìṣẹ́jú 20 fún roaming ní Ìwọ̀ Oòrùn Áfíríkà, ọjọ́ 7'],
    ];
    for (const [language, description] of expected) {
      const { bundles } = await list(PREPAID, language);
      expect(describedAs(bundles, 'ROAM_W_WESTAFRICA'), String(language)).toBe(description);
    }
  });

  it('takes the first language of a browser’s Accept-Language; one it lacks is answered in English', async () => {
    const hausa = await list(PREPAID, 'ha-NG,ha;q=0.9,en;q=0.8');
    expect(describedAs(hausa.bundles, 'DATA_NE_500MB')).toBe('500MB da ba ya ƙarewa');
    expect(hausa.bundles.find((b) => b.productCode === 'DATA_NE_500MB')?.name).toBe('500MB mara ƙarewa');
    const english = await list(PREPAID);
    for (const other of ['fr-FR,fr;q=0.9', 'en-GB', '*', 'zz-top']) {
      expect((await list(PREPAID, other)).bundles, other).toEqual(english.bundles);
    }
  });

  it('answers a MiFi number’s plans in the language too, and a kind of plan without a number', async () => {
    const { bundles } = await list(MIFI, 'sw');
    expect(bundles.length).toBeGreaterThan(0);
    expect(bundles.every((b) => b.serviceType === 'BROADBAND')).toBe(true);
    expect(describedAs(bundles, 'MIFI_NEVER_EXPIRE_5GB')).toBe('5GB zisizoisha muda');
    const byKind = await list({ serviceType: 'BROADBAND' }, 'ig');
    expect(describedAs(byKind.bundles, 'ROUTER_MONTHLY_UNLIMITED')).toBe(
      'Ịntanetị ụlọ enweghị oke maka ụbọchị 30, ọsọ ruru 10 Mbps',
    );
    // The same list in another language is the same products at the same prices.
    const english = await list(MIFI);
    expect(bundles.map(({ productCode, amount }) => [productCode, amount])).toEqual(
      english.bundles.map(({ productCode, amount }) => [productCode, amount]),
    );
  });

  it('is never stored by a cache, so no cache can hand one language’s answer to another', async () => {
    for (const language of ['ha', 'en']) {
      const { headers } = await list(PREPAID, language);
      // Should this answer ever become cacheable, it must say `Vary: accept-language` as well.
      expect(headers.get('cache-control'), language).toBe('no-store');
      expect(headers.get('etag'), language).toBeNull();
    }
  });
});
