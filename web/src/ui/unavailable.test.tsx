import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isUnavailable } from '@/testing/test-utils';
import { unavailableWhen, useHeldPress } from './unavailable';

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

/** A form whose number is checked: `check` is what the check says of `number` so far. */
function CheckedForm(props: {
  number: string;
  check: 'pending' | 'passed' | 'refused';
  onSubmit: (number: string) => void;
}) {
  const press = useHeldPress(props.check === 'pending', props.number);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (props.check === 'passed') props.onSubmit(props.number);
      }}
    >
      <input aria-label="Phone No" />
      <button type="submit" {...unavailableWhen(props.check !== 'passed', undefined, press)}>
        PROCEED TO PAY
      </button>
      <p role="status">{press.held ? 'Checking the number...' : null}</p>
      <p>{press.pressed ? 'pressed' : 'not pressed'}</p>
    </form>
  );
}

describe('unavailableWhen with a held press (useHeldPress)', () => {
  it('holds a press made while the check runs and makes it when the check passes, once', async () => {
    const onSubmit = vi.fn();
    const view = render(<CheckedForm number="8021000006" check="pending" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Phone No'), '{Enter}');
    expect(isUnavailable(screen.getByRole('button'))).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Checking the number...');
    view.rerender(<CheckedForm number="8021000006" check="passed" onSubmit={onSubmit} />);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('8021000006');
    expect(screen.getByRole('status').textContent).toBe('');
    view.rerender(<CheckedForm number="8021000006" check="passed" onSubmit={onSubmit} />);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('cancels a held press when the check refuses the number, and says a press was made', async () => {
    const onSubmit = vi.fn();
    const view = render(<CheckedForm number="8031234567" check="pending" onSubmit={onSubmit} />);
    expect(screen.getByText('not pressed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByText('pressed')).toBeTruthy();
    view.rerender(<CheckedForm number="8031234567" check="refused" onSubmit={onSubmit} />);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByText('pressed')).toBeTruthy();
    // Not held when no check runs: the refused number's button stays unavailable.
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('status').textContent).toBe('');
    view.rerender(<CheckedForm number="8031234567" check="passed" onSubmit={onSubmit} />);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('forgets a held press when the number changes', async () => {
    const onSubmit = vi.fn();
    const view = render(<CheckedForm number="8021000006" check="pending" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button'));
    view.rerender(<CheckedForm number="8021000007" check="pending" onSubmit={onSubmit} />);
    expect(screen.getByText('not pressed')).toBeTruthy();
    view.rerender(<CheckedForm number="8021000007" check="passed" onSubmit={onSubmit} />);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
