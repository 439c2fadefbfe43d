import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startSandbox, type TestSandbox } from './test-support.js';

/*
 * Runs the served inline.js and checkout-done.js in a bare VM with a minimal fake DOM: enough to prove the
 * popup's protocol (create/reuse the transaction, open the checkout in an overlay iframe, report the result).
 */

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => sb.close());

class FakeElement {
  attributes: Record<string, string> = {};
  style = { cssText: '' };
  children: FakeElement[] = [];
  parentNode: FakeElement | null = null;
  src = '';
  title = '';
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
  appendChild(child: FakeElement) {
    child.parentNode = this;
    this.children.push(child);
  }
  removeChild(child: FakeElement) {
    this.children = this.children.filter((c) => c !== child);
    child.parentNode = null;
  }
  focus() {}
}

type Listener = (event: { data?: unknown; key?: string }) => void;

function fakeBrowser(scriptSrc: string) {
  const listeners = new Map<string, Listener[]>();
  const body = new FakeElement('body');
  const window: Record<string, unknown> = {
    addEventListener: (type: string, fn: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    removeEventListener: (type: string, fn: Listener) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((f) => f !== fn),
      ),
  };
  const document = {
    currentScript: { src: scriptSrc },
    activeElement: null,
    body,
    createElement: (tag: string) => new FakeElement(tag),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  // The popup's fetch goes to the sandbox through inject.
  const fetch = async (url: string, init: { body: string }) => {
    const res = await sb.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: JSON.parse(init.body),
    });
    return { json: async () => res.json() as unknown };
  };
  const dispatch = (type: string, event: { data?: unknown }) =>
    (listeners.get(type) ?? []).forEach((fn) => fn(event));
  return { window, document, fetch, body, dispatch };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('inline popup scripts', () => {
  it('PaystackPop.setup().openIframe() opens the checkout and calls back on success', async () => {
    const init = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/transaction/initialize',
      headers: AUTH,
      payload: { email: 'payer@example.com', amount: '250000', reference: 'POPUP-1' },
    });
    const accessCode = init.json().data.access_code as string;
    const script = (await sb.app.inject({ method: 'GET', url: '/sandbox/paystack/inline.js' })).body;
    const browser = fakeBrowser('http://portal.test/sandbox/paystack/inline.js');
    vm.runInNewContext(script, { window: browser.window, document: browser.document, fetch: browser.fetch });

    const results: unknown[] = [];
    const Pop = browser.window.PaystackPop as {
      setup(o: Record<string, unknown>): { openIframe(): void };
    };
    Pop.setup({
      key: 'pk_test_123',
      email: 'payer@example.com',
      amount: 250000,
      ref: 'POPUP-1',
      currency: 'NGN',
      callback: (r: unknown) => results.push(r),
      onClose: () => results.push('closed'),
    }).openIframe();

    await until(() => browser.body.children.length === 1);
    const overlay = browser.body.children[0]!;
    expect(overlay.getAttribute('role')).toBe('dialog');
    const frame = overlay.children[0]!;
    expect(frame.src).toBe(`http://portal.test/sandbox/paystack/checkout/${accessCode}?mode=inline`);

    // Messages about other references are ignored; ours closes the overlay and calls back.
    browser.dispatch('message', {
      data: { source: 'sandbox-paystack', status: 'success', reference: 'OTHER' },
    });
    expect(results).toEqual([]);
    browser.dispatch('message', {
      data: { source: 'sandbox-paystack', status: 'success', reference: 'POPUP-1', id: 7 },
    });
    expect(results).toEqual([
      expect.objectContaining({ reference: 'POPUP-1', trxref: 'POPUP-1', status: 'success' }),
    ]);
    expect(browser.body.children).toHaveLength(0);
  });

  it('new PaystackPop().newTransaction() creates the transaction and reports a cancel as onCancel', async () => {
    const script = (await sb.app.inject({ method: 'GET', url: '/sandbox/paystack/inline.js' })).body;
    const browser = fakeBrowser('http://portal.test/sandbox/paystack/inline.js');
    vm.runInNewContext(script, { window: browser.window, document: browser.document, fetch: browser.fetch });
    const results: unknown[] = [];
    const Pop = browser.window.PaystackPop as new () => { newTransaction(o: Record<string, unknown>): void };
    new Pop().newTransaction({
      key: 'pk_test_123',
      email: 'payer@example.com',
      amount: 10000,
      ref: 'POPUP-2',
      onSuccess: (r: unknown) => results.push(r),
      onCancel: () => results.push('cancelled'),
    });
    await until(() => browser.body.children.length === 1);
    browser.dispatch('message', {
      data: { source: 'sandbox-paystack', status: 'cancelled', reference: 'POPUP-2' },
    });
    expect(results).toEqual(['cancelled']);
    const verify = await sb.app.inject({
      method: 'GET',
      url: '/sandbox/paystack/transaction/verify/POPUP-2',
      headers: AUTH,
    });
    expect(verify.json().data).toMatchObject({ amount: 10000, status: 'ongoing' });
  });

  it('the checkout inside the popup cancels on Escape, as its Cancel button does (focus is in the frame)', async () => {
    const script = (await sb.app.inject({ method: 'GET', url: '/sandbox/paystack/checkout-inline.js' })).body;
    const listeners: ((event: { key: string }) => void)[] = [];
    let submitted = 0;
    const cancelForm = { submit: () => void submitted++ };
    const document = {
      addEventListener: (type: string, listener: (event: { key: string }) => void) => {
        if (type === 'keydown') listeners.push(listener);
      },
      getElementById: (id: string) => (id === 'cancel-payment' ? cancelForm : null),
    };
    vm.runInNewContext(script, { document });
    for (const listener of listeners) listener({ key: 'Enter' });
    expect(submitted).toBe(0);
    for (const listener of listeners) listener({ key: 'Escape' });
    expect(submitted).toBe(1);
  });

  it('checkout-done.js tells the opener page the result', async () => {
    const script = (await sb.app.inject({ method: 'GET', url: '/sandbox/paystack/checkout-done.js' })).body;
    const sent: unknown[] = [];
    const parent = { postMessage: (msg: unknown, origin: string) => sent.push([msg, origin]) };
    const current = new FakeElement('script');
    current.setAttribute('data-status', 'success');
    current.setAttribute('data-reference', 'R-1');
    current.setAttribute('data-id', '42');
    vm.runInNewContext(script, { window: { parent }, document: { currentScript: current } });
    expect(sent).toEqual([
      [{ source: 'sandbox-paystack', status: 'success', reference: 'R-1', id: 42 }, '*'],
    ]);
  });
});
