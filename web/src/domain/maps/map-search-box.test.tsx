import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { Place } from '@portal/contract/api/locations';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { MapSearchBox } from './map-search-box';

const place = (name: string, lat: number, lng: number): Place => ({
  name,
  state: 'Lagos',
  address: `${name}, Lagos State`,
  lat,
  lng,
  source: 'gazetteer',
});
const PLACES = [place('Ikeja', 6.6018, 3.3515), place('Ikorodu', 6.6194, 3.5105)];

function setup() {
  mockFetch({ [PATHS.places]: () => ok(PLACES) });
  const onLocationChange = vi.fn();
  const onClear = vi.fn();
  renderWithProviders(
    <>
      <MapSearchBox
        label="Search"
        noMatchText="No match"
        searchingText="Searching"
        suggestionsLabel="Suggestions"
        lang="en"
        onLocationChange={onLocationChange}
        onClear={onClear}
      />
      <p>outside</p>
    </>,
  );
  return { user: userEvent.setup(), box: screen.getByRole('combobox'), onLocationChange, onClear };
}

const selected = () =>
  screen
    .queryAllByRole('option')
    .filter((option) => option.getAttribute('aria-selected') === 'true')
    .map((option) => option.querySelector('.map-search__name')?.textContent);
const listShown = () => !screen.getByRole('listbox', { hidden: true }).hidden;

describe('the map search box', () => {
  it('moves through the suggestions with the arrows and closes on Escape and outside', async () => {
    const { user, box } = setup();
    await user.type(box, 'Ik');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(selected()).toEqual([]);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(selected()).toEqual(['Ikorodu']);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected()).toEqual([]);
    await user.keyboard('{Escape}');
    expect(listShown()).toBe(false);
    // ArrowDown opens the list again; its suggestions come back with it, so the next one moves onto them.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(listShown()).toBe(true));
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual(['Ikeja']);
    await user.click(screen.getByText('outside'));
    expect(listShown()).toBe(false);
  });

  it('takes the highlighted suggestion on Enter', async () => {
    const { user, box, onLocationChange } = setup();
    await user.type(box, 'Ik');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onLocationChange).toHaveBeenCalledWith({
      lat: 6.6194,
      lng: 3.5105,
      address: 'Ikorodu, Lagos State',
    });
    expect((box as HTMLInputElement).value).toBe('Ikorodu, Lagos State');
  });

  it('says when the box was emptied, not while it is edited', async () => {
    const { user, box, onClear } = setup();
    await user.type(box, 'Ik{Backspace}');
    expect(onClear).not.toHaveBeenCalled();
    await user.type(box, '{Backspace}');
    expect(onClear).toHaveBeenCalledTimes(1);
    await user.type(box, ' ');
    await user.clear(box);
    expect(onClear).toHaveBeenCalledTimes(1);
    await user.type(box, 'Ikeja');
    await user.clear(box);
    expect(onClear).toHaveBeenCalledTimes(2);
  });
});
