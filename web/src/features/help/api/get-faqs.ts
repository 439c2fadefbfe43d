import { useQuery } from '@tanstack/react-query';
import { MARKET } from '@/lib/market';
import { PATHS } from '@portal/contract/paths';
import type { FaqItem } from '@portal/contract/api/help';
import { api } from '@/lib/api';

export const faqsKey = (lang: string) => ['faqs', lang] as const;

/** `GET cms/webpage/getFaqs_pCategory?opco=NG` (spec §7): every FAQ item of the language. */
export function getFaqs(lang: string, signal?: AbortSignal): Promise<FaqItem[]> {
  return api.get<FaqItem[]>(
    PATHS.faqs,
    { opco: MARKET, lang },
    { signal, headers: { lang }, runMode: 'beta' },
  );
}

export const faqsQuery = (lang: string) => ({
  queryKey: faqsKey(lang),
  queryFn: ({ signal }: { signal: AbortSignal }) => getFaqs(lang, signal),
  staleTime: 5 * 60 * 1000,
});

export function useFaqs(lang: string) {
  return useQuery(faqsQuery(lang));
}
