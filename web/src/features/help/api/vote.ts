import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MARKET } from '@/lib/market';
import type { FaqItem, LikeCountResult } from '@portal/contract/api/help';
import { call } from '@/lib/api';
import { getCached, setCached } from '@/lib/session-cache';
import { faqsKey } from './get-faqs';

/** `GET cms/webpage/likeCount/?questionId=&isLike=&opco=NG` (spec §7), sent on each vote. */
export function sendVote(questionId: string, isLike: boolean): Promise<LikeCountResult> {
  return call(
    'likeCount',
    { questionId, isLike: isLike ? 'true' : 'false', opco: MARKET },
    { runMode: 'beta' },
  );
}

const VOTED_SECONDS = 24 * 3600;
const votedKey = (questionId: string) => `faq-vote:${questionId}`;

/** Whether this browser session already voted on the question (the thank-you stays instead of the buttons). */
export function hasVoted(questionId: string): boolean {
  return getCached<boolean>(votedKey(questionId)) !== undefined;
}

/**
 * One vote: the new percentage is shown at once from the answer, then the FAQs are refetched (spec §2:
 * after a vote a thank-you appears and the answer is refetched).
 */
export function useVote(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, isLike }: { questionId: string; isLike: boolean }) =>
      sendVote(questionId, isLike),
    onSuccess: (result, { questionId, isLike }) => {
      setCached(votedKey(questionId), isLike, VOTED_SECONDS);
      queryClient.setQueryData<FaqItem[]>(faqsKey(lang), (items) =>
        items?.map((item) =>
          item.questionId === questionId
            ? { ...item, countLikePercentage: result.countLikePercentage, totalVotes: result.totalVotes }
            : item,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: faqsKey(lang) });
    },
  });
}
