import { describe, expect, it } from 'vitest';
import {
  byRank,
  canSubmit,
  geocodeQueries,
  initialValues,
  isEmptyValue,
  isTownFeasible,
  salesWorksKeys,
  typedPhoneValue,
  validateField,
  validateForm,
  type FormField,
  type FormSchema,
} from './forms.js';

const text = (over: Partial<FormField> = {}): FormField => ({
  name: 'fullName',
  label: 'Full name',
  type: 'text',
  rank: 1,
  ...over,
});
const address = (over: Partial<FormField> = {}): FormField =>
  text({ name: 'installationAddress', label: 'Installation address', type: 'string', ...over });
const landmark = (over: Partial<FormField> = {}): FormField =>
  text({ name: 'landmark', label: 'Landmark', type: 'string', ...over });
const message = (field: FormField, value: string | boolean) => validateField(field, value)?.message;

describe('phone fields', () => {
  it('keep digits up to maxLength; with a country code, the number without its trunk 0 or the code', () => {
    const plain = text({ name: 'phone', type: 'tel', maxLength: 8 });
    expect(typedPhoneValue(plain, '0123-4567-89')).toBe('01234567');
    const national = text({ name: 'contactNumber', type: 'tel', countryCode: '234', maxLength: 10 });
    expect(typedPhoneValue(national, '0803 123 4567')).toBe('8031234567');
    expect(typedPhoneValue(national, '+234 803 123 4567')).toBe('8031234567');
    expect(typedPhoneValue(national, '8031234567')).toBe('8031234567');
  });
});

describe('required fields (spec §5)', () => {
  it("an empty required field gives '{label} is required'", () => {
    expect(message(text({ required: true }), '')).toBe('Full name is required');
    expect(validateField(text({ required: true }), '')).toEqual({
      code: 'required',
      message: 'Full name is required',
      params: { label: 'Full name' },
    });
  });

  it('spaces only count as empty (trimmed for the emptiness check)', () => {
    expect(message(text({ required: true }), '   ')).toBe('Full name is required');
    expect(message(address({ required: true }), ' \t ')).toBe('Installation address is required');
  });

  it('a required select with nothing chosen is required', () => {
    expect(message(text({ name: 'town', label: 'Town', type: 'select', required: true }), '')).toBe(
      'Town is required',
    );
  });

  it('checkboxes are exempt from the required message', () => {
    const consent = text({ name: 'consent', label: 'I agree', type: 'checkbox', required: true });
    expect(validateField(consent, false)).toBeUndefined();
    expect(validateField(consent, true)).toBeUndefined();
  });

  it('an optional empty field has no error', () => {
    expect(validateField(text({ minLength: 3, pattern: '^[a-z]+$' }), '')).toBeUndefined();
  });
});

describe('other fields: length and pattern (spec §5)', () => {
  it("shorter than minLength: errorMessage, else '{label} must be at least {n} characters'", () => {
    expect(validateField(text({ minLength: 3 }), 'Al')).toEqual({
      code: 'minLength',
      message: 'Full name must be at least 3 characters',
      params: { label: 'Full name', count: 3 },
    });
    expect(message(text({ minLength: 3, errorMessage: 'Please enter your full name' }), 'Al')).toBe(
      'Please enter your full name',
    );
  });

  it("longer than maxLength: errorMessage, else '{label} must be no more than {n} characters'", () => {
    expect(validateField(text({ maxLength: 5 }), 'Adaeze')).toEqual({
      code: 'maxLength',
      message: 'Full name must be no more than 5 characters',
      params: { label: 'Full name', count: 5 },
    });
    expect(message(text({ maxLength: 5, errorMessage: 'Too long' }), 'Adaeze')).toBe('Too long');
  });

  it("a pattern mismatch gives errorMessage, else 'Invalid {label}'", () => {
    const email = text({ name: 'email', label: 'Email', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$' });
    expect(message(email, 'ada@example')).toBe('Invalid Email');
    expect(message({ ...email, errorMessage: 'Invalid Email Id' }, 'ada@example')).toBe('Invalid Email Id');
    expect(validateField(email, 'ada@example.com')).toBeUndefined();
  });

  it('a pattern must match the whole value, anchored or not', () => {
    const digits = text({ name: 'contactNumber', label: 'Mobile number', pattern: '\\d{10}' });
    expect(validateField(digits, '8021000001')).toBeUndefined();
    expect(message(digits, '8021000001x')).toBe('Invalid Mobile number');
  });

  it('rules apply in order: minLength, then maxLength, then pattern', () => {
    const field = text({ minLength: 3, maxLength: 5, pattern: '^[a-z]+$' });
    expect(validateField(field, '1')?.code).toBe('minLength');
    expect(validateField(field, '123456')?.code).toBe('maxLength');
    expect(validateField(field, '1234')?.code).toBe('invalid');
    expect(validateField(field, 'abcd')).toBeUndefined();
  });

  it('lengths count the value as typed (not trimmed)', () => {
    expect(validateField(text({ minLength: 3 }), 'ab ')).toBeUndefined();
    expect(validateField(text({ maxLength: 3 }), ' abc')?.code).toBe('maxLength');
  });

  it('a schema pattern that does not compile is ignored rather than failing every value', () => {
    expect(validateField(text({ pattern: '([' }), 'anything')).toBeUndefined();
  });

  it("names and addresses in the portal's languages pass the shipped patterns (Unicode letters and marks)", () => {
    const name = text({ name: 'fullName', label: 'Full name', pattern: "^\\p{L}[\\p{L}\\p{M} .'-]*$" });
    for (const value of ['Adéṣọlá Ọlábísí', 'Ɗanjuma Ƙofar', 'Chịọma Ụzọ', 'Nnamdi Okonkwo', "N'gozi O'Neil"])
      expect(validateField(name, value), value).toBeUndefined();
    // The Yoruba tone may be a combining mark after the letter (e + U+0323 + U+0301).
    expect(validateField(name, 'Ade\u0323\u0301')).toBeUndefined();
    expect(validateField(name, '12345')?.code).toBe('invalid');
    const street = address({ pattern: "^(?=.*\\p{L})[\\p{L}\\p{M}0-9 ,.'/#()&-]+$" });
    expect(validateField(street, '12 Òpópónà Ọba Adéyẹmí, Ìbàdàn')).toBeUndefined();
  });
});

describe('installationAddress and landmark (spec §5)', () => {
  it('empty clears the error (when not required)', () => {
    expect(validateField(address({ minLength: 10 }), '')).toBeUndefined();
    expect(validateField(landmark({ minLength: 3 }), '  ')).toBeUndefined();
  });

  it("shorter than minLength: errorMessage, else '{label} must be at least {n} characters'", () => {
    expect(message(address({ minLength: 10 }), '12 Allen')).toBe(
      'Installation address must be at least 10 characters',
    );
    expect(message(address({ minLength: 10, errorMessage: 'Address too short' }), '12 Allen')).toBe(
      'Address too short',
    );
    expect(message(landmark({ minLength: 4 }), 'ABC')).toBe('Landmark must be at least 4 characters');
  });

  it('a pattern match gives no error', () => {
    // Even a value of digits only passes when the schema's pattern accepts it.
    expect(validateField(address({ pattern: '^[0-9 ]+$' }), '1234567890')).toBeUndefined();
    expect(validateField(address({ pattern: "^[A-Za-z0-9 ,.'/#-]+$" }), '12 Allen Avenue')).toBeUndefined();
  });

  it("only digits gives 'Please enter a valid address' / 'Please enter a valid landmark'", () => {
    const pattern = '^(?=.*[A-Za-z])[A-Za-z0-9 ,.-]+$';
    expect(validateField(address({ pattern }), '1234567890')).toEqual({
      code: 'invalidAddress',
      message: 'Please enter a valid address',
      params: { label: 'Installation address' },
    });
    expect(message(landmark({ pattern }), '12345')).toBe('Please enter a valid landmark');
  });

  it('only dashes, slashes, commas and spaces is not an address either', () => {
    const pattern = '^(?=.*[A-Za-z])[A-Za-z0-9 ,./-]+$';
    expect(message(address({ pattern }), '--/ ,, //')).toBe('Please enter a valid address');
    expect(message(landmark({ pattern }), ', - /')).toBe('Please enter a valid landmark');
    // The same rule holds without a pattern.
    expect(message(address(), '----')).toBe('Please enter a valid address');
    expect(message(landmark(), '000')).toBe('Please enter a valid landmark');
  });

  it("otherwise errorMessage, else 'Invalid {label}'", () => {
    const pattern = "^[A-Za-z0-9 ,.'/#-]+$";
    expect(message(address({ pattern }), '12 Allen Avenue; DROP')).toBe('Invalid Installation address');
    expect(message(address({ pattern, errorMessage: 'Use letters and numbers' }), 'Allen @ Ikeja')).toBe(
      'Use letters and numbers',
    );
    expect(message(landmark({ pattern }), 'Mall <b>')).toBe('Invalid Landmark');
  });

  it('without a pattern any real text is accepted', () => {
    expect(validateField(address({ minLength: 5 }), '12 Allen Avenue')).toBeUndefined();
  });

  it('the address rules do not apply maxLength on the page (the input limits it); the server does', () => {
    const field = address({ maxLength: 10 });
    expect(validateField(field, '12 Allen Avenue, Ikeja')).toBeUndefined();
    expect(validateForm({ fields: [field] }, { installationAddress: '12 Allen Avenue, Ikeja' })).toEqual({
      installationAddress: {
        code: 'maxLength',
        message: 'Installation address must be no more than 10 characters',
        params: { label: 'Installation address', count: 10 },
      },
    });
  });

  it('required comes first for the address fields too', () => {
    expect(message(address({ required: true, minLength: 10 }), '')).toBe('Installation address is required');
  });
});

const schema: FormSchema = {
  fields: [
    text({ required: true, minLength: 3 }),
    text({ name: 'town', label: 'Town', type: 'select', required: true, options: [{ value: 'Ikeja' }] }),
    landmark({ rank: 3 }),
    text({ name: 'consent', label: 'I agree', type: 'checkbox', required: true, rank: 4 }),
    text({ name: 'newsletter', label: 'Send me offers', type: 'checkbox', rank: 5 }),
    text({ name: 'intro', label: 'About you', type: 'note', rank: 0 }),
  ],
  actions: [],
};

describe('form submit (spec §4)', () => {
  const filled = { fullName: 'Ada Obi', town: 'Ikeja', landmark: '', consent: true, newsletter: false };

  it('is enabled when every required field is filled and nothing is wrong', () => {
    expect(canSubmit(schema, filled, {})).toBe(true);
  });

  it('is disabled while any error exists', () => {
    expect(canSubmit(schema, filled, { landmark: validateField(landmark(), '---') })).toBe(false);
    // A cleared error (undefined) does not count.
    expect(canSubmit(schema, filled, { landmark: undefined })).toBe(true);
  });

  it('is disabled while a required field is empty (spaces count as empty)', () => {
    expect(canSubmit(schema, { ...filled, fullName: '  ' }, {})).toBe(false);
    expect(canSubmit(schema, { ...filled, town: '' }, {})).toBe(false);
  });

  it('an unchecked required checkbox counts as empty; an optional one does not', () => {
    expect(canSubmit(schema, { ...filled, consent: false }, {})).toBe(false);
    expect(canSubmit(schema, { ...filled, newsletter: false }, {})).toBe(true);
  });

  it('the server check refuses an unchecked required checkbox and an unknown option', () => {
    const errors = validateForm(schema, { ...filled, consent: false, town: 'Atlantis' });
    // Its own code and words, as the page says them: not '{label} is required' around a consent sentence.
    expect(errors['consent']).toEqual({
      code: 'unchecked',
      message: 'Please tick this box to continue',
      params: { label: 'I agree' },
    });
    expect(errors['town']?.message).toBe('Invalid Town');
    expect(validateForm(schema, filled)).toEqual({});
  });

  it('initial values: empty text, unchecked boxes; display-only fields hold no value', () => {
    expect(initialValues(schema)).toEqual({
      fullName: '',
      town: '',
      landmark: '',
      consent: false,
      newsletter: false,
    });
    expect(isEmptyValue(undefined)).toBe(true);
    expect(isEmptyValue(false)).toBe(true);
  });
});

describe('rank order (spec §2)', () => {
  it('sorts by rank and keeps the schema order for equal ranks', () => {
    const items = [
      { id: 'c', rank: 3 },
      { id: 'a', rank: 1 },
      { id: 'b1', rank: 2 },
      { id: 'b2', rank: 2 },
    ];
    expect(byRank(items).map((i) => i.id)).toEqual(['a', 'b1', 'b2', 'c']);
  });
});

describe('feasibility (spec §5)', () => {
  const cities = [
    { cityName: 'Ikeja', hbbLeadFeasibility: true },
    { cityName: 'Maiduguri', hbbLeadFeasibility: false },
  ];
  it('a town is feasible only if listed with hbbLeadFeasibility true', () => {
    expect(isTownFeasible(cities, 'Ikeja')).toBe(true);
    expect(isTownFeasible(cities, ' ikeja ')).toBe(true);
    expect(isTownFeasible(cities, 'Maiduguri')).toBe(false);
    expect(isTownFeasible(cities, 'Atlantis')).toBe(false);
    expect(isTownFeasible(cities, '')).toBe(false);
  });
});

describe('address geocoding order (spec §4)', () => {
  it('address plus town, then landmark plus town, then town alone', () => {
    expect(
      geocodeQueries({ address: '12 Allen Avenue', landmark: 'Ikeja City Mall', town: 'Ikeja' }),
    ).toEqual(['12 Allen Avenue, Ikeja', 'Ikeja City Mall, Ikeja', 'Ikeja']);
  });
  it('skips empty parts and repeats', () => {
    expect(geocodeQueries({ address: ' 12 Allen Avenue ', landmark: '', town: 'Ikeja' })).toEqual([
      '12 Allen Avenue, Ikeja',
      'Ikeja',
    ]);
    expect(geocodeQueries({ address: '', landmark: '', town: '' })).toEqual([]);
  });
});

describe('sales-works session keys (spec §3, §6)', () => {
  it('is{Operator}Works and id', () => {
    expect(salesWorksKeys('Naija')).toEqual({ flag: 'isNaijaWorks', id: 'id' });
  });
});
