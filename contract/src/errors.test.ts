import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes.js';
import { ERRORS, type ErrorName } from './errors.js';
import { ERROR_LANGUAGES, ERROR_TEXTS, errorText, fieldErrorText } from './error-texts.js';
import { validateForm } from './forms.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const names = Object.keys(ERRORS) as ErrorName[];

describe('the error catalogue', () => {
  it('answers every code the web acts on', () => {
    const answered = new Set(names.map((name) => ERRORS[name].code));
    for (const [use, code] of Object.entries(ERROR_CODES)) expect(answered.has(code), use).toBe(true);
  });

  it('has a user message in every language for every entry, with English placeholders', () => {
    const gaps: string[] = [];
    for (const name of names) {
      const english = ERRORS[name].message;
      for (const language of ERROR_LANGUAGES) {
        const text =
          language === 'en' ? english : (ERROR_TEXTS[name] as Record<string, string | undefined>)[language];
        if (!text?.trim()) gaps.push(`${name}: no ${language}`);
        else if (placeholders(text).join() !== placeholders(english).join())
          gaps.push(`${name}: ${language} placeholders`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('holds no translation for an entry it does not have', () => {
    expect(Object.keys(ERROR_TEXTS).sort()).toEqual([...names].sort());
  });

  it('gives every entry a code and an HTTP error status', () => {
    for (const name of names) {
      expect(ERRORS[name].code, name).toMatch(/^[A-Z0-9_]+$/);
      expect(ERRORS[name].http, name).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers in the language asked, English otherwise, with the parameters filled', () => {
    expect(errorText('PIN_REQUIRED', 'yo')).toBe('Ẹ jọ̀ọ́ ẹ tẹ PIN yín.');
    expect(errorText('PIN_REQUIRED', 'fr')).toBe('Please enter your PIN.');
    expect(errorText('AMOUNT_ABOVE_MAX', 'ha', { currency: 'NGN', amount: '50,000' })).toBe(
      'Mafi yawan adadi shi ne NGN 50,000',
    );
  });

  it('answers an unticked consent box in the page`s own words (its `dynamicForm.unchecked`), in every language', () => {
    const consent = { name: 'consent', label: 'I agree', type: 'checkbox', rank: 1, required: true };
    const finding = validateForm({ fields: [consent] }, { consent: false })['consent']!;
    for (const language of ERROR_LANGUAGES) {
      const page = new URL(`../../content/pages/${language}/hbb-translation.json`, import.meta.url);
      const texts = JSON.parse(readFileSync(page, 'utf8')) as Record<string, string>;
      expect(fieldErrorText(finding, language), language).toBe(texts['dynamicForm.unchecked']);
    }
  });
});
