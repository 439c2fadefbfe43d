import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import '@/testing/test-utils';
import type { FaqItem } from '../utils/faq-tree';
import { FaqSearch } from './faq-search';

const items = [
  {
    questionId: 'q1',
    question: 'How do I buy data?',
    parentCategory: 'Data',
    category: 'Buying',
    answer: '<p>Dial</p>',
  },
  {
    questionId: 'q2',
    question: 'How do I check my balance?',
    parentCategory: 'Data',
    category: 'Balance',
    answer: '',
  },
] as FaqItem[];

afterEach(() => {
  vi.useRealTimers();
});

describe('the help search', () => {
  it('suggests after 300 ms, and records a search settled for 1 s: the count, never the words', () => {
    vi.useFakeTimers();
    render(<FaqSearch items={items} onPick={() => {}} />);
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'buy data' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(window.dataLayer ?? []).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(700);
    });
    expect(window.dataLayer).toEqual([{ event: 'flow_step', step: 'help_search', results: 1, length: 8 }]);
    expect(JSON.stringify(window.dataLayer)).not.toContain('buy');
  });

  it('moves through the suggestions with the arrows, picks with Enter, closes on Escape and outside', () => {
    vi.useFakeTimers();
    const onPick = vi.fn();
    render(
      <>
        <FaqSearch items={items} onPick={onPick} />
        <p>outside</p>
      </>,
    );
    const box = screen.getByRole('combobox');
    const typed = (text: string) => {
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: text } });
      act(() => {
        vi.advanceTimersByTime(300);
      });
    };
    const activeQuestion = () => {
      const id = box.getAttribute('aria-activedescendant');
      return id ? document.getElementById(id)?.textContent : undefined;
    };
    const key = (name: string) => fireEvent.keyDown(box, { key: name });
    const listShown = () => !screen.getByRole('listbox', { hidden: true }).hidden;

    typed('How do I');
    expect(listShown()).toBe(true);
    expect(activeQuestion()).toBeUndefined();
    key('ArrowDown');
    expect(activeQuestion()).toContain('How do I buy data?');
    key('ArrowDown');
    key('ArrowDown');
    expect(activeQuestion()).toContain('How do I check my balance?');
    key('ArrowUp');
    key('ArrowUp');
    expect(activeQuestion()).toBeUndefined();
    key('Escape');
    expect(listShown()).toBe(false);
    key('ArrowDown');
    expect(listShown()).toBe(true);
    expect(activeQuestion()).toContain('How do I buy data?');
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(listShown()).toBe(false);

    typed('balance');
    key('Enter');
    expect(onPick).toHaveBeenCalledWith(items[1]);
    expect((box as HTMLInputElement).value).toBe('');
  });
});
