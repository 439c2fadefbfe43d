import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { contentAndConfig } from '@/testing/journeys';
import { askBuyAgain, type EarlierPurchase } from '../utils/buy-again';
import '../testing/payment-test-utils';
import { BuyAgainDialog } from './buy-again-dialog';

const EARLIER: EarlierPurchase = { reference: '…AB12CD', createdAt: '2026-11-30T05:46:00.000Z' };

/**
 * The "buy again?" question of the payment page (decision 0070): the safe answer is the one that does not pay,
 * so focus starts on Cancel and an Enter pressed on arrival (the payer still pressing the pay button's key)
 * does not pay a second time.
 */
describe('BuyAgainDialog', () => {
  async function ask(earlier = EARLIER) {
    mockFetch(contentAndConfig());
    renderWithProviders(<BuyAgainDialog />);
    // The dialog registers itself with initiate when it mounts.
    let answer!: Promise<boolean>;
    await waitFor(async () => {
      await act(async () => {
        answer = askBuyAgain(earlier);
      });
      expect(screen.getByRole('dialog', { name: 'Same purchase a moment ago' })).toBeTruthy();
    });
    const dialog = screen.getByRole('dialog', { name: 'Same purchase a moment ago' });
    return { dialog, answer };
  }

  it('names the earlier payment and starts with focus on Cancel, so Enter does not buy again', async () => {
    const user = userEvent.setup();
    const { dialog, answer } = await ask();
    expect(dialog.textContent).toContain('…AB12CD');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    // What the Modal starts at in either runtime (Preact renders `autoFocus` as this attribute, React does not).
    expect(cancel.hasAttribute('autofocus')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'BUY AGAIN' }).hasAttribute('autofocus')).toBe(false);
    await user.keyboard('{Enter}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the earlier one may still be on its way, or that the number got it, as the server knows', async () => {
    const underWay = await ask();
    expect(underWay.dialog.textContent).toContain('it may still be on its way');
    await userEvent.setup().keyboard('{Escape}');
    await expect(underWay.answer).resolves.toBe(false);
    const done = await ask({ ...EARLIER, completed: true });
    expect(done.dialog.textContent).toContain('This number got the same purchase at');
    expect(done.dialog.textContent).not.toContain('on its way');
  });

  it('keeps Tab inside the dialog and closes on Escape without buying', async () => {
    const user = userEvent.setup();
    const { dialog, answer } = await ask();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'BUY AGAIN' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('buys again only when the payer chooses BUY AGAIN', async () => {
    const user = userEvent.setup();
    const { dialog, answer } = await ask();
    await user.click(within(dialog).getByRole('button', { name: 'BUY AGAIN' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
