import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchableSelect } from './searchable-select';

const OPTIONS = [
  { value: 'lagos', label: 'Lagos' },
  { value: 'abuja', label: 'Abuja' },
  { value: 'kano', label: 'Kano' },
];

function Harness() {
  const [value, setValue] = useState<string>();
  return (
    <>
      <SearchableSelect label="City" options={OPTIONS} value={value} onChange={setValue} />
      <p>outside</p>
    </>
  );
}

describe('SearchableSelect', () => {
  it('shows the placeholder, filters, says No match, and selects', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: /City/ });
    expect(trigger.textContent).toContain('Select...');
    await user.click(trigger);
    const search = screen.getByLabelText('Search');
    await user.type(search, 'zzz');
    expect(screen.getByText('No match')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'ab');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Abuja']);
    await user.click(screen.getByRole('option', { name: 'Abuja' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('Abuja');
  });

  it('works with the keyboard and closes on outside click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: /City/ });
    await user.click(trigger);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(trigger.textContent).toContain('Abuja');
    await user.click(trigger);
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps an option active, names it to assistive technology, and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: /City/ });
    await user.click(trigger);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(trigger.textContent).toContain('Kano');

    // Reopened, the list starts on the chosen option; the arrows stop at both ends.
    await user.click(trigger);
    const search = screen.getByRole('combobox');
    const activeOption = () => document.getElementById(search.getAttribute('aria-activedescendant') ?? '');
    expect(search.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(activeOption()?.textContent).toBe('Kano');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()?.textContent).toBe('Kano');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(activeOption()?.textContent).toBe('Lagos');
    expect(activeOption()?.className).toContain('select__option--active');
    // Selected is the value, not the option the arrows are on.
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Kano');

    await user.type(search, 'zzz');
    expect(search.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
