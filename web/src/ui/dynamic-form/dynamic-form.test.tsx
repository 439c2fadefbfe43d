import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormSchema } from '@portal/contract/forms';
import { renderWithProviders, isUnavailable } from '@/testing/test-utils';
import { DynamicForm } from './dynamic-form';

const schema: FormSchema = {
  fields: [
    { name: 'consent', label: 'I agree', type: 'checkbox', rank: 9, required: true },
    {
      name: 'fullName',
      label: 'Full name',
      type: 'text',
      rank: 1,
      required: true,
      minLength: 3,
      maxLength: 20,
    },
    {
      name: 'contactNumber',
      label: 'Mobile number',
      type: 'tel',
      rank: 2,
      required: true,
      countryCode: '234',
      maxLength: 10,
      pattern: '^\\d{10}$',
      errorMessage: 'Invalid Mobile No',
    },
    {
      name: 'installationAddress',
      label: 'Installation address',
      type: 'string',
      rank: 4,
      required: true,
      minLength: 10,
      pattern: "^(?=.*[A-Za-z])[A-Za-z0-9 ,.'/#-]+$",
    },
    {
      name: 'landmark',
      label: 'Landmark',
      type: 'string',
      rank: 5,
      minLength: 3,
      pattern: '^(?=.*[A-Za-z]).+$',
    },
    { name: 'town', label: 'Town', type: 'select', rank: 6, required: true, optionsSource: 'city-config' },
    { name: 'intro', label: 'Tell us about you.', type: 'note', rank: 0 },
    { name: 'notes', label: 'Notes', type: 'textarea', rank: 7, maxLength: 50 },
  ],
  actions: [
    { type: 'submit', label: 'Submit', rank: 2 },
    { type: 'cancel', label: 'Back', rank: 1 },
  ],
};

const towns = { 'city-config': [{ value: 'Ikeja' }, { value: 'Maiduguri' }] };

function setup(props: Partial<Parameters<typeof DynamicForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const onAction = vi.fn();
  renderWithProviders(
    <DynamicForm schema={schema} optionSources={towns} onSubmit={onSubmit} onAction={onAction} {...props} />,
  );
  return { onSubmit, onAction, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
  await user.type(screen.getByLabelText('Mobile number'), '8021000001');
  await user.type(screen.getByLabelText('Installation address'), '12 Allen Avenue');
  await user.click(screen.getByRole('button', { name: /Town/ }));
  await user.click(screen.getByRole('option', { name: 'Ikeja' }));
}

describe('DynamicForm', () => {
  it('orders fields and actions by rank; every input has a visible label', () => {
    setup({ label: 'Your details' });
    const form = screen.getByRole('form', { name: 'Your details' });
    const labels = Array.from(
      document.querySelectorAll('.field__label, .dynamic-form__note, .dynamic-form__check-label span'),
    ).map((el) => el.textContent);
    expect(labels).toEqual([
      'Tell us about you.',
      'Full name',
      'Mobile number',
      'Installation address',
      'Landmark',
      'Town',
      'Notes',
      'I agree',
    ]);
    const buttons = within(form)
      .getAllByRole('button')
      .filter((b) => ['Back', 'Submit'].includes(b.textContent ?? ''));
    expect(buttons.map((b) => b.textContent)).toEqual(['Back', 'Submit']);
    expect(screen.getByText('+234')).toBeTruthy();
  });

  it("shows '{label} is required' when a required field is emptied (spaces count as empty)", async () => {
    const { user } = setup();
    const name = screen.getByLabelText('Full name');
    await user.type(name, 'A');
    expect(screen.getByText('Full name must be at least 3 characters')).toBeTruthy();
    await user.clear(name);
    expect(screen.getByText('Full name is required')).toBeTruthy();
    await user.type(name, '   ');
    expect(screen.getByText('Full name is required')).toBeTruthy();
  });

  it('applies the address and landmark rules with their texts', async () => {
    const { user } = setup();
    const address = screen.getByLabelText('Installation address');
    await user.type(address, '12 Allen');
    expect(screen.getByText('Installation address must be at least 10 characters')).toBeTruthy();
    await user.clear(address);
    await user.type(address, '1234567890');
    expect(screen.getByText('Please enter a valid address')).toBeTruthy();
    await user.clear(address);
    await user.type(address, '12 Allen Avenue; Ikeja');
    expect(screen.getByText('Invalid Installation address')).toBeTruthy();

    const landmark = screen.getByLabelText('Landmark');
    await user.type(landmark, '----');
    expect(screen.getByText('Please enter a valid landmark')).toBeTruthy();
    await user.clear(landmark);
    // Empty clears the landmark's error (it is optional).
    expect(screen.queryByText(/landmark/i, { selector: '.field__error' })).toBeNull();
  });

  it('phone fields keep digits only, up to maxLength, and show the schema message', async () => {
    const { user } = setup();
    const phone = screen.getByLabelText('Mobile number');
    await user.type(phone, '80a2-1');
    expect((phone as HTMLInputElement).value).toBe('8021');
    await user.type(phone, '0000019999');
    expect((phone as HTMLInputElement).value).toBe('8021000001');
    await user.clear(phone);
    await user.type(phone, '802');
    expect(screen.getByText('Invalid Mobile No')).toBeTruthy();
  });

  it('a phone field with a country code takes a number pasted with its trunk 0 or the code, without them', async () => {
    const { user } = setup();
    const phone = screen.getByLabelText('Mobile number') as HTMLInputElement;
    await user.click(phone);
    await user.paste('0803 123 4567');
    expect(phone.value).toBe('8031234567');
    await user.clear(phone);
    await user.paste('+234 803 123 4567');
    expect(phone.value).toBe('8031234567');
  });

  it('keeps submit disabled until every required field is filled, including the required checkbox', async () => {
    const { user, onSubmit } = setup();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(isUnavailable(submit)).toBe(true);
    await fillValid(user);
    expect(isUnavailable(submit)).toBe(true);
    // The unchecked required checkbox shows no message, but counts as empty.
    expect(screen.queryByText('I agree is required')).toBeNull();
    await user.click(screen.getByLabelText('I agree'));
    expect(isUnavailable(submit)).toBe(false);
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: 'Ada Obi',
      contactNumber: '8021000001',
      installationAddress: '12 Allen Avenue',
      landmark: '',
      town: 'Ikeja',
      notes: '',
      consent: true,
    });
  });

  it('a required checkbox left unticked says to tick it (not that its label is required), once unticked or when submit is pressed', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    const submit = screen.getByRole('button', { name: 'Submit' });
    const consent = screen.getByLabelText('I agree');
    // Submit pressed without the box: the box says why nothing happens.
    await user.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Please tick this box to continue')).toBeTruthy();
    expect(consent.getAttribute('aria-describedby')).toContain('-error');
    expect(screen.queryByText('I agree is required')).toBeNull();
    await user.click(consent);
    expect(screen.queryByText('Please tick this box to continue')).toBeNull();
    // Unticked again: said at once.
    await user.click(consent);
    expect(screen.getByText('Please tick this box to continue')).toBeTruthy();
    expect(screen.queryByText('I agree is required')).toBeNull();
    await user.click(consent);
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps submit disabled while any error shows, from the rules or from outside', async () => {
    const { user } = setup({ extraErrors: { contactNumber: 'Invalid Mobile No' } });
    await fillValid(user);
    await user.click(screen.getByLabelText('I agree'));
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(screen.getByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(submit)).toBe(true);
  });

  it('an optional field with an error keeps submit disabled until it is fixed or emptied', async () => {
    const { user } = setup();
    await fillValid(user);
    await user.click(screen.getByLabelText('I agree'));
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    await user.type(screen.getByLabelText('Landmark'), '12');
    expect(isUnavailable(submit)).toBe(true);
    await user.clear(screen.getByLabelText('Landmark'));
    expect(isUnavailable(submit)).toBe(false);
  });

  it('the cancel action calls back with the values; initial values are restored and checked', async () => {
    const { user, onAction } = setup({ initial: { fullName: 'Al', consent: true } });
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Al');
    expect(screen.getByText('Full name must be at least 3 characters')).toBeTruthy();
    expect((screen.getByLabelText('I agree') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onAction).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'cancel', label: 'Back' }),
      expect.objectContaining({ fullName: 'Al' }),
    );
  });

  it('shows each field type through its view, whatever its case; any other type is a text input', () => {
    const kinds: FormSchema = {
      fields: [
        { name: 'h', label: 'A heading', type: 'Heading', rank: 0 },
        { name: 'n', label: 'A note', type: 'note', rank: 1 },
        { name: 'p', label: 'A paragraph', type: 'PARAGRAPH', rank: 2 },
        { name: 'r', label: 'Plan', type: 'Radio', rank: 3, options: [{ value: 'a', label: 'Plan A' }] },
        { name: 't', label: 'Story', type: 'TextArea', rank: 4 },
        { name: 'c', label: 'Tick', type: 'CheckBox', rank: 5 },
        { name: 's', label: 'Pick', type: 'Select', rank: 6, options: [{ value: 'x' }] },
        { name: 'w', label: 'Anything', type: 'colour', rank: 7 },
      ],
      actions: [],
    };
    setup({ schema: kinds });
    expect(screen.getByRole('heading', { name: 'A heading', level: 3 })).toBeTruthy();
    expect(document.querySelector('p.dynamic-form__note')?.textContent).toBe('A note');
    expect(screen.getByText('A paragraph').className).toBe('dynamic-form__note');
    expect(screen.getByRole('group', { name: 'Plan' }).className).toContain('dynamic-form__radios');
    expect(screen.getByRole('radio', { name: 'Plan A' })).toBeTruthy();
    expect(screen.getByLabelText('Story').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('checkbox', { name: 'Tick' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pick/ }).getAttribute('aria-haspopup')).toBe('listbox');
    expect(screen.getByRole('textbox', { name: 'Anything' }).getAttribute('type')).toBe('text');
  });
});
