import rootPackage from '../../../package.json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '@portal/contract/paths';
import { setDefaultErrorText } from './default-error-text';
import {
  ApiError,
  FIXED_HEADERS,
  buildUrl,
  call,
  clientHeaderValues,
  errorMessage,
  isTransient,
  request,
  setPageLanguage,
} from './api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('api client', () => {
  it('sends the fixed headers of spec §7 and returns the result on success', async () => {
    const fetchMock = answer({ statusCode: '200', status: 'success', message: 'ok', result: 'PREPAID' });
    const result = await call('validateMsisdn', { msisdn: '8021000001' });
    expect(result).toBe('PREPAID');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(PATHS.validateMsisdn);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ msisdn: '8021000001' }));
    expect(init.headers).toMatchObject({
      'content-type': 'application/json',
      'x-unmask-request': 'true',
      'x-product-code': 'ORP',
      'x-app-version': rootPackage.version,
      'x-opco': 'NG',
      'x-run-mode': 'production',
      'x-api-key': 'orp-selfcare-web',
      'x-service-id': 'ORP-SELFCARE',
    });
    // The version's one home: the root package.json.
    expect(FIXED_HEADERS['x-app-version']).toBe(rootPackage.version);
  });

  it('takes the API key and service id the server wrote into the page, else the defaults', () => {
    const page = (apiKey: string, serviceId: string) => {
      const doc = document.implementation.createHTMLDocument('');
      doc.head.innerHTML = `<meta name="portal-api-key" content="${apiKey}"><meta name="portal-service-id" content="${serviceId}">`;
      return doc;
    };
    expect(clientHeaderValues(page('key-of-this-deployment', 'SVC-7'))).toEqual({
      apiKey: 'key-of-this-deployment',
      serviceId: 'SVC-7',
    });
    expect(clientHeaderValues(page('', ''))).toEqual({
      apiKey: 'orp-selfcare-web',
      serviceId: 'ORP-SELFCARE',
    });
  });

  it("asks for answers in the page's language (Accept-Language), so that errors come back in it", async () => {
    const fetchMock = answer({ statusCode: '200', status: 'success', message: 'ok', result: 1 });
    setPageLanguage(() => 'yo');
    try {
      await request<number>('/x');
    } finally {
      setPageLanguage(() => undefined);
    }
    await request<number>('/x');
    const headers = (call: number) =>
      (fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers;
    expect(headers(0)).toMatchObject({ 'accept-language': 'yo' });
    expect(headers(1)).not.toHaveProperty('accept-language');
  });

  it('accepts status "SUCCESS" in any case as success', async () => {
    answer({ statusCode: '201', status: 'SUCCESS', message: 'ok', result: 1 });
    await expect(request<number>('/x')).resolves.toBe(1);
  });

  it('throws an ApiError with the catalogue code and server message on failure', async () => {
    answer({ statusCode: '2003', status: 'failure', message: 'Please enter correct OTP', result: null }, 400);
    const error = await request('/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: '2003', httpStatus: 400, message: 'Please enter correct OTP' });
  });

  it('uses the default text when the failure has no message or no JSON', async () => {
    globalThis.fetch = vi.fn(async () => new Response('<html>', { status: 502 })) as unknown as typeof fetch;
    const error = await request('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: '502', message: 'Something Went Wrong!' });
  });

  it('turns a network failure into an ApiError with the default text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = await request('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 'NETWORK', httpStatus: 0, message: 'Something Went Wrong!' });
    expect(errorMessage(error)).toBe('Something Went Wrong!');
    expect(errorMessage(new Error('boom'))).toBe('Something Went Wrong!');
  });

  it('says the fallback in the page`s language once the browser names it; a server message stays as it came', () => {
    setDefaultErrorText(() => 'An Samu Matsala!');
    try {
      expect(errorMessage(new ApiError('Something Went Wrong!', 'NETWORK', 0))).toBe('An Samu Matsala!');
      expect(errorMessage(new Error('boom'))).toBe('An Samu Matsala!');
      expect(errorMessage(new ApiError('Lambar ba daidai ba ce', '4001', 400))).toBe(
        'Lambar ba daidai ba ce',
      );
    } finally {
      setDefaultErrorText(() => 'Something Went Wrong!');
    }
  });

  it('sends a GET call of the contract with its request as the query string', async () => {
    const fetchMock = answer({
      statusCode: '200',
      status: 'success',
      message: 'ok',
      result: { configData: {} },
    });
    await call('config', { code: 'NG' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${PATHS.config}?code=NG`);
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/p', { a: 1, b: undefined, c: null, d: 'x y' })).toBe('/p?a=1&d=x+y');
    expect(buildUrl('/p')).toBe('/p');
  });

  it('calls only lost, busy or failed answers transient (worth asking again)', () => {
    const of = (http: number) => new ApiError('x', String(http), http);
    expect([0, 429, 500, 503].map((h) => isTransient(of(h)))).toEqual([true, true, true, true]);
    expect([400, 404, 422].map((h) => isTransient(of(h)))).toEqual([false, false, false]);
    expect(isTransient(new Error('boom'))).toBe(false);
  });
});
