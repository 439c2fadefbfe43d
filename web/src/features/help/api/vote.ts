import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MARKET } from '@/lib/market';
import type { FaqItem, LikeCountResult } from '@portal/contract/api/help';
import { call } from '@/lib/api';
import { getCached, setCached } from '@/lib/session-cache';
import { faqsKey } from './get-faqs';

/**
 * `GET cms/webpage/likeCount/?questionId=&isLike=&opco=NG` (spec §7), sent on each vote: by the live page, or
 * by the server for the plain form (web/src/server/help-vote-action.ts), which passes on the visitor's cookie.
 */
export function sendVote(
  questionId: string,
  isLike: boolean,
  headers?: Record<string, string>,
): Promise<LikeCountResult> {
  return call(
    'likeCount',
    { questionId, isLike: isLike ? 'true' : 'false', opco: MARKET },
    { runMode: 'beta', ...(headers ? { headers } : {}) },
  );
}

/** The vote form's fields, as a plain HTML form sends them (web/src/server/help-vote-action.ts). */
export const VOTE_FIELDS = { questionId: 'questionId', vote: 'vote' } as const;
/** The values of the form's two buttons. */
export const VOTE_VALUES = { like: 'like', dislike: 'dislike' } as const;
/**
 * The query parameter of the thank-you after a plain form's vote: the question voted on. The server answers
 * the vote with a redirect to the answer with it (sending it again on reload would vote again).
 */
export const VOTED_PARAM = 'voted';
/** The thank-you's id: the redirect after a plain form's vote brings the visitor (and the Tab order) there. */
export const VOTE_THANKS_ID = 'help-answer-thanks';

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
