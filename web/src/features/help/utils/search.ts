import type { FaqItem } from '@portal/contract/api/help';

/** Spec §9: the search filters as the user types, debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;
/**
 * Spec §2: "the input wrapper itself uses 1000 ms": a search the visitor has settled on (1 s without typing)
 * is what counts as a search (an analytics event), not every keystroke.
 */
export const INPUT_DEBOUNCE_MS = 1000;
export const SUGGESTION_LIMIT = 8;

/** Lower case without accents, so "Salio" finds "salio" and "éta" finds "eta". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function tokens(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}*#]+/u)
    .filter(Boolean);
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ');

/**
 * Questions matching what was typed. Every word must appear in the question (or, ranked lower, in its
 * category or answer). Questions starting with the phrase come first, then those containing it, then those
 * with all the words; ties keep the content order.
 */
export function searchFaqs(items: readonly FaqItem[], query: string, limit = SUGGESTION_LIMIT): FaqItem[] {
  const words = tokens(query);
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  const ranked: { item: FaqItem; rank: number; order: number }[] = [];
  items.forEach((item, order) => {
    if (!item.question.trim()) return;
    const question = tokens(item.question).join(' ');
    let rank: number | undefined;
    if (question.startsWith(phrase)) rank = 0;
    else if (question.includes(phrase)) rank = 1;
    else if (words.every((w) => question.includes(w))) rank = 2;
    else {
      const rest = fold(`${item.category} ${item.parentCategory} ${stripTags(item.answer)}`);
      if (words.every((w) => question.includes(w) || rest.includes(w))) rank = 3;
    }
    if (rank !== undefined) ranked.push({ item, rank, order });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((r) => r.item);
}

export type Segment = { text: string; match: boolean };

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text cut into plain and matching parts, for <mark> highlighting of the typed words. */
export function highlight(text: string, query: string): Segment[] {
  const words = [...new Set(tokens(query))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return [{ text, match: false }];
  // Match on the folded text (same length as the original for these scripts), cut the original.
  const folded = fold(text);
  if (folded.length !== text.length) return [{ text, match: false }];
  const re = new RegExp(words.map(escapeRe).join('|'), 'g');
  const segments: Segment[] = [];
  let last = 0;
  for (const m of folded.matchAll(re)) {
    const start = m.index;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: text.slice(start, start + m[0].length), match: true });
    last = start + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
