import { useQuery, type QueryClient } from '@tanstack/react-query';
import { MARKET } from '@/lib/market';
import type { FaqItem } from '@portal/contract/api/help';
import { call } from '@/lib/api';

export const faqsKey = (lang: string) => ['faqs', lang] as const;

/** `GET cms/webpage/getFaqs_pCategory?opco=NG` (spec §7): every FAQ item of the language. */
export function getFaqs(lang: string, signal?: AbortSignal): Promise<FaqItem[]> {
  return call('faqs', { opco: MARKET, lang }, { signal, headers: { lang }, runMode: 'beta' });
}

export const faqsQuery = (lang: string) => ({
  queryKey: faqsKey(lang),
  queryFn: ({ signal }: { signal: AbortSignal }) => getFaqs(lang, signal),
  staleTime: 5 * 60 * 1000,
});

export function useFaqs(lang: string) {
  return useQuery(faqsQuery(lang));
}

/** Leaves the answer of `keep` only, and marks the list for a fresh fetch once the page is live. */
export function trimAnswers(queryClient: QueryClient, lang: string, keep: string | null): void {
  const items = queryClient.getQueryData<FaqItem[]>(faqsKey(lang));
  if (!items) return;
  queryClient.setQueryData(
    faqsKey(lang),
    items.map((item) => (item.questionId === keep ? item : { ...item, answer: '' })),
  );
  void queryClient.invalidateQueries({ queryKey: faqsKey(lang), refetchType: 'none' });
}
