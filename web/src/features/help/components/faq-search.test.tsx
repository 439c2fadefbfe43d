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
  delete window.dataLayer;
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
});
