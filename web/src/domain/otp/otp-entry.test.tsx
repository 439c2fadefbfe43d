import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api';
import { mockFetch, isUnavailable } from '@/testing/test-utils';
import { contentAndConfig, renderSync } from '@/testing/journeys';
import { showToast } from '@/ui/toast';
import { OtpDialog } from './otp-dialog';

vi.mock('@/ui/toast', async (original) => ({
  ...(await original<typeof import('@/ui/toast')>()),
  showToast: vi.fn(),
}));

const realFetch = globalThis.fetch;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  mockFetch(contentAndConfig());
});
afterEach(() => {
  vi.useRealTimers();
  globalThis.fetch = realFetch;
});

type Handlers = {
  onVerify?: (code: string) => Promise<void>;
  onResend?: () => Promise<{ resendAfterSeconds?: number } | undefined>;
  onClose?: () => void;
  onInvalidUser?: (message: string) => void;
  submitLabel?: string;
  autoSubmit?: boolean;
  longToasts?: boolean;
};

async function setup(handlers: Handlers = {}) {
  const props = {
    onVerify: vi.fn(handlers.onVerify ?? (async () => undefined)),
    onResend: vi.fn(handlers.onResend ?? (async () => undefined)),
    onClose: vi.fn(handlers.onClose ?? (() => undefined)),
    onInvalidUser: vi.fn(handlers.onInvalidUser ?? (() => undefined)),
  };
  renderSync(
    <OtpDialog
      open
      recipient="802****001"
      submitLabel={handlers.submitLabel}
      autoSubmit={handlers.autoSubmit}
      longToasts={handlers.longToasts}
      {...props}
    />,
  );
  // Lets the verify/resend promises settle (fake timers: nothing polls, so flush explicitly).
  const flush = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  // fireEvent, not user-event: user-event waits on a timer that fake timers would never fire.
  const type = async (code: string) => {
    for (const key of code) fireEvent.keyDown(document.activeElement ?? document.body, { key });
    await flush();
  };
  const click = async (element: HTMLElement) => {
    fireEvent.click(element);
    await flush();
  };
  /** Advances the clock second by second, letting React render between the countdown's timers. */
  const tick = async (ms: number) => {
    for (let left = ms; left > 0; left -= Math.min(left, 1000)) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(Math.min(left, 1000));
      });
    }
  };
  await flush();
  return { ...props, type, click, tick, flush };
}

const wrong = (statusCode: string, message: string) => async () => {
  throw new ApiError(message, statusCode, statusCode === '502' ? 429 : 400);
};
const box = (i: number) => screen.getByLabelText(`Digit ${i} of 6`) as HTMLInputElement;
const resendButton = () => screen.getByRole('button', { name: /Resend OTP/ }) as HTMLButtonElement;

describe('one-time-code dialog (spec §4 OTP entry, §8)', () => {
  it('is a dialog with six boxes; the sixth digit verifies', async () => {
    const { onVerify, type } = await setup();
    expect(screen.getByRole('dialog', { name: 'Enter OTP' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code we sent to 802****001.')).toBeTruthy();
    await type('12345');
    expect(onVerify).not.toHaveBeenCalled();
    await type('6');
    expect(onVerify).toHaveBeenCalledWith('123456');
  });

  it('2003: Please enter correct OTP with ATTEMPTS LEFT counting down from 5; the boxes clear', async () => {
    const { type } = await setup({ onVerify: wrong('2003', 'Please enter correct OTP') });
    await type('111111');
    expect(screen.getByText('Please enter correct OTP')).toBeTruthy();
    expect(screen.getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 4');
    expect(box(1).value).toBe('');
    await type('222222');
    expect(screen.getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 3');
  });

  it('the fifth wrong code locks the entry: Maximum attempts exhausted. with 0 left', async () => {
    const { type, onVerify } = await setup({ onVerify: wrong('2003', 'Please enter correct OTP') });
    for (let i = 0; i < 5; i++) await type('111111');
    expect(screen.getByText('Maximum attempts exhausted.')).toBeTruthy();
    expect(screen.getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 0');
    expect(box(1).disabled).toBe(true);
    expect(onVerify).toHaveBeenCalledTimes(5);
  });

  it('2002: exhausted, locked at 0 until a resend', async () => {
    const { type } = await setup({ onVerify: wrong('2002', 'Maximum attempts exhausted.') });
    await type('111111');
    expect(screen.getByText('Maximum attempts exhausted.')).toBeTruthy();
    expect(screen.getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 0');
    expect(box(1).disabled).toBe(true);
  });

  it('resend is offered after a 60 s countdown and gives five attempts again', async () => {
    const { type, tick, onResend, click } = await setup({
      onVerify: wrong('2002', 'Maximum attempts exhausted.'),
    });
    expect(isUnavailable(resendButton())).toBe(true);
    expect(resendButton().textContent).toBe('Resend OTP in 60 s');
    await type('111111');
    await tick(59_000);
    expect(resendButton().textContent).toBe('Resend OTP in 1 s');
    expect(isUnavailable(resendButton())).toBe(true);
    await tick(1_000);
    expect(isUnavailable(resendButton())).toBe(false);
    expect(resendButton().textContent).toBe('Resend OTP');
    await click(resendButton());
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Maximum attempts exhausted.')).toBeNull();
    expect(box(1).disabled).toBe(false);
    expect(isUnavailable(resendButton())).toBe(true);
    expect(resendButton().textContent).toBe('Resend OTP in 60 s');
  });

  it("counts down the wait the server answered a resend with (its back-off), not the first one's 60 s", async () => {
    const { tick, click } = await setup({ onResend: async () => ({ resendAfterSeconds: 120 }) });
    await tick(60_000);
    await click(resendButton());
    expect(resendButton().textContent).toBe('Resend OTP in 120 s');
    await tick(119_000);
    expect(isUnavailable(resendButton())).toBe(true);
    await tick(1_000);
    expect(isUnavailable(resendButton())).toBe(false);
  });

  it('4001: the message goes to the parent and the dialog closes after 11 s', async () => {
    const { type, tick, onClose, onInvalidUser } = await setup({ onVerify: wrong('4001', 'Invalid user') });
    await type('111111');
    expect(onInvalidUser).toHaveBeenCalledWith('Invalid user');
    expect(screen.getByText('Invalid user')).toBeTruthy();
    await tick(10_900);
    expect(onClose).not.toHaveBeenCalled();
    await tick(200);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('400: the server message is shown and the dialog closes after 11 s', async () => {
    const { type, tick, onClose } = await setup({
      onVerify: wrong('400', 'This code was not issued for a payment.'),
    });
    await type('111111');
    expect(screen.getAllByText('This code was not issued for a payment.').length).toBeGreaterThan(0);
    expect(box(1).disabled).toBe(true);
    await tick(11_000);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('502 on verify: max limit exhausted, please try after sometime. and the dialog closes', async () => {
    const { type, onClose } = await setup({
      onVerify: wrong('502', 'max limit exhausted, please try after sometime.'),
    });
    await type('111111');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['400', 'This code was not issued for a payment.'],
    ['502', 'max limit exhausted, please try after sometime.'],
  ])('a %s toast lasts 10 s in a payment flow, 3 s elsewhere', async (statusCode, message) => {
    for (const longToasts of [true, false]) {
      vi.mocked(showToast).mockClear();
      const { type } = await setup({ onVerify: wrong(statusCode, message), longToasts });
      await type('111111');
      expect(vi.mocked(showToast).mock.calls.map(([options]) => options?.long)).toEqual([longToasts]);
      document.body.innerHTML = '';
    }
  });

  it('502 says about how long until a new code can be asked for, when the server says', async () => {
    const { type } = await setup({
      onVerify: async () => {
        throw new ApiError('max limit exhausted, please try after sometime.', '502', 429, {
          retryAfterSeconds: 2_500,
        });
      },
    });
    vi.mocked(showToast).mockClear();
    await type('111111');
    expect(vi.mocked(showToast).mock.calls[0]?.[0]?.message).toBe(
      'max limit exhausted, please try after sometime. You can ask for a new OTP in about 42 min.',
    );
  });

  it('502 on resend closes the dialog too', async () => {
    const { tick, onClose, click } = await setup({
      onResend: wrong('502', 'max limit exhausted, please try after sometime.'),
    });
    await tick(60_000);
    await click(resendButton());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('other failures (an expired code) show the server message and keep the dialog open', async () => {
    const { type, onClose } = await setup({
      onVerify: wrong('2004', 'OTP expired, please request a new one.'),
    });
    await type('111111');
    expect(screen.getByText('OTP expired, please request a new one.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(box(1).disabled).toBe(false);
  });

  it('with a submit button and no auto-submit, the button is enabled only when the code is filled', async () => {
    const { type, onVerify, click } = await setup({ submitLabel: 'Get Outstanding', autoSubmit: false });
    const submit = () => screen.getByRole('button', { name: 'Get Outstanding' }) as HTMLButtonElement;
    expect(isUnavailable(submit())).toBe(true);
    await type('12345');
    expect(isUnavailable(submit())).toBe(true);
    await type('6');
    expect(onVerify).not.toHaveBeenCalled();
    expect(isUnavailable(submit())).toBe(false);
    await click(submit());
    expect(onVerify).toHaveBeenCalledWith('123456');
  });
});
