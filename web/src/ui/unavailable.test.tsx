import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unavailableWhen } from './unavailable';

function Form(props: { unavailable: boolean; onSubmit: () => void; onClick?: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <input aria-label="Phone No" />
      <button type="submit" {...unavailableWhen(props.unavailable, props.onClick)}>
        BUY AIRTIME
      </button>
    </form>
  );
}

describe('unavailableWhen', () => {
  it('keeps an unavailable button a Tab stop, announced as unavailable, and sends nothing', async () => {
    const onSubmit = vi.fn();
    const onClick = vi.fn();
    render(<Form unavailable onSubmit={onSubmit} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'BUY AIRTIME' });
    await userEvent.type(screen.getByLabelText('Phone No'), '802{Enter}');
    await userEvent.tab();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('works as a plain button once available: Enter in a field and a click send the form', async () => {
    const onSubmit = vi.fn();
    const onClick = vi.fn();
    render(<Form unavailable={false} onSubmit={onSubmit} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'BUY AIRTIME' });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await userEvent.type(screen.getByLabelText('Phone No'), '8021000001{Enter}');
    await userEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
