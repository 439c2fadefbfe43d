import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneInput } from './phone-input';

function Harness() {
  const [value, setValue] = useState('');
  return <PhoneInput label="Mobile number" value={value} onChange={setValue} />;
}

describe('PhoneInput', () => {
  it('shows +234, strips non-digits and keeps at most 10 digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('+234')).toBeTruthy();
    const input = screen.getByLabelText('Mobile number') as HTMLInputElement;
    await user.type(input, '80a2-1 00000123');
    expect(input.value).toBe('8021000001');
  });

  it('takes a number pasted with its trunk 0 or +234 whole, without them (not cut to its first 10 digits)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Mobile number') as HTMLInputElement;
    await user.click(input);
    await user.paste('0802 100 0004');
    expect(input.value).toBe('8021000004');
    await user.clear(input);
    await user.paste('+234 802 100 0004');
    expect(input.value).toBe('8021000004');
  });
});
