import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeInput } from './code-input';

function Harness({
  onComplete,
  length = 6,
  mask = false,
}: {
  onComplete?: (v: string) => void;
  length?: number;
  mask?: boolean;
}) {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput
        length={length}
        value={value}
        onChange={setValue}
        onComplete={onComplete}
        label="One-time code"
        digitLabel={(i, n) => `Digit ${i} of ${n}`}
        mask={mask}
        autoFocus
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (i: number, n = 6) => screen.getByLabelText(`Digit ${i} of ${n}`) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('code entry boxes', () => {
  it('renders one labelled box per digit in a labelled group, focused on the first', async () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeTruthy();
    for (let i = 1; i <= 6; i++) expect(box(i)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(1).getAttribute('inputmode')).toBe('numeric');
  });

  it('advances to the next box on each digit and completes on the sixth', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness onComplete={onComplete} />);
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    await user.keyboard('12345');
    expect(value()).toBe('12345');
    expect(document.activeElement).toBe(box(6));
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect([1, 2, 3, 4, 5, 6].map((i) => box(i).value).join('')).toBe('123456');
  });

  it('ignores anything but digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    await user.keyboard('a1-b2 ');
    expect(value()).toBe('12');
    expect(box(3).value).toBe('');
  });

  it('Backspace clears the last digit and moves back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    await user.keyboard('123');
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}{Backspace}');
    expect(value()).toBe('');
    expect(document.activeElement).toBe(box(1));
  });

  it('a pasted whole code fills every box from the first and completes', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness onComplete={onComplete} />);
    await user.click(box(1));
    await user.paste('Your code: 654 321');
    expect(value()).toBe('654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('autofill of the whole code into the first box (one change event) fills the boxes', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '987654' } });
    expect(value()).toBe('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
  });

  it('clicking a later empty box puts the focus on the first empty one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    await user.keyboard('1');
    await user.click(box(5));
    expect(document.activeElement).toBe(box(2));
  });

  it('a PIN has four masked boxes', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness length={4} mask onComplete={onComplete} />);
    expect(box(1, 4).type).toBe('password');
    await waitFor(() => expect(document.activeElement).toBe(box(1, 4)));
    await user.keyboard('1234');
    expect(onComplete).toHaveBeenCalledWith('1234');
  });
});
