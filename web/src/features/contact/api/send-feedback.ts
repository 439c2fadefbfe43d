import { useMutation } from '@tanstack/react-query';
import { MARKET } from '@/lib/market';
import type { FeedbackRequest } from '@portal/contract/api/help';
import { call } from '@/lib/api';

export type FeedbackInput = Omit<FeedbackRequest, 'opco'>;

/** 'Our Service Experience': `POST cms/webpage/feedback`. */
export function sendFeedback(input: FeedbackInput): Promise<{ feedbackId: string }> {
  return call('feedback', { ...input, opco: MARKET });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
