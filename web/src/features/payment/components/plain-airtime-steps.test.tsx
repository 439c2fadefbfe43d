import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FormResult } from '@/lib/form-result';
import { PREPAID, renderPanel } from '../testing/payment-test-utils';
import { PlainAirtimeCode, PlainAirtimeConfirm } from './plain-airtime-steps';

const ATTEMPT = '0b6c6c1e-3f0e-4c1a-9d1e-8f1f6e0c2a11';
const ACTION = '/payment/start/airtime?purchase=TOKEN';

const answer = (values: Record<string, string>, errors: Record<string, string> = {}): FormResult => ({
  values: { payer: '8021000001', email: 'ada@example.com', airtime: 'SEALED', ...values },
  errors,
});

/** The name=value pairs a form sends with `submitter`: its fields, and the button that sent it. */
function sent(submitter: HTMLElement): Record<string, string> {
  const form = submitter.closest('form')!;
  const fields = [...form.querySelectorAll('input')].map((input) => [input.name, input.value]);
  const button = submitter as HTMLButtonElement;
  return Object.fromEntries([...fields, ...(button.name ? [[button.name, button.value]] : [])]);
}

describe('airtime without JavaScript: the steps after the email and phone form', () => {
  it('the code is one plain field, never filled in again; a refusal says why with the attempts left', async () => {
    const result = answer(
      { airtimeStep: 'code', recipient: '802****001', attemptsLeft: '4' },
      { code: 'otp.wrong' },
    );
    renderPanel(<PlainAirtimeCode result={result} attempt={ATTEMPT} action={ACTION} />, {}, {}, 'airtime');
    const code = await screen.findByLabelText('One-time code');
    expect((code as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Enter the 6-digit code we sent to 802****001.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please enter correct OTP');
    expect(screen.getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 4');

    const verify = screen.getByRole('button', { name: 'Verify code' });
    expect(verify.closest('form')?.getAttribute('method')).toBe('post');
    expect(verify.closest('form')?.getAttribute('action')).toBe(ACTION);
    expect(sent(verify)).toMatchObject({
      intent: 'airtime',
      attempt: ATTEMPT,
      airtime: 'SEALED',
      ask: 'code',
    });
    expect(sent(screen.getByRole('button', { name: 'Resend OTP' }))).toMatchObject({
      ask: 'resend',
      airtime: 'SEALED',
    });
    expect(sent(screen.getByRole('button', { name: 'Cancel' }))).toMatchObject({ ask: 'cancel' });
  });

  it("'Are you sure?' with the live dialog's texts: No is the first button, Yes a deliberate second", async () => {
    const result = answer({ airtimeStep: 'confirm' });
    renderPanel(
      <PlainAirtimeConfirm context={PREPAID} result={result} attempt={ATTEMPT} action={ACTION} />,
      {},
      {},
      'airtime',
    );
    const form = await screen.findByRole('form', { name: 'Are you sure?' });
    expect(
      within(form).getByText('NGN 500 will be deducted from the airtime balance of +234 8021000001.'),
    ).toBeTruthy();
    const buttons = within(form).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['No', 'Yes']);
    expect(sent(buttons[0]!)).toMatchObject({ ask: 'no' });
    expect(sent(buttons[1]!)).toMatchObject({ ask: 'yes', attempt: ATTEMPT, airtime: 'SEALED' });
  });

  it('an earlier identical purchase is named and Yes then buys again', async () => {
    const result = {
      ...answer({ airtimeStep: 'confirm' }),
      earlier: { reference: '…abc123', createdAt: new Date().toISOString() },
    };
    renderPanel(
      <PlainAirtimeConfirm context={PREPAID} result={result} attempt={ATTEMPT} action={ACTION} />,
      {},
      {},
      'airtime',
    );
    const yes = await screen.findByRole('button', { name: 'Yes' });
    expect(screen.getByText(/reference …abc123/)).toBeTruthy();
    expect(sent(yes)).toMatchObject({ ask: 'yes', confirmDuplicate: 'yes' });
  });
});
