import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * Help centre (spec §2 "Help centre / FAQ", §3 "FAQ item", §7 content calls).
 *
 * `cms/webpage/getFaqs_pCategory` returns every FAQ item of a language; the web builds the four stages from
 * it (parent categories, sub-categories, questions, answer). An item with an `href` and no question is a
 * category link (e.g. "Contact Us" -> /contact-us). `popular` is the string 'true' as in the original system.
 */
export const faqItem = z.object({
  /** Stable across languages: votes are counted per question, whatever language the visitor reads. */
  questionId: z.string(),
  question: z.string(),
  parentCategory: z.string(),
  category: z.string(),
  /** A category's own link (a portal path or an external URL); '' when none. */
  href: z.string(),
  popular: z.enum(['true', 'false']),
  /** HTML, sanitised by the server (and again by the web before it is shown). */
  answer: z.string(),
  /** Share of votes that found the answer helpful, 0-100; null before the first vote. */
  countLikePercentage: z.number().int().min(0).max(100).nullable(),
  totalVotes: z.number().int().min(0),
});
export type FaqItem = z.infer<typeof faqItem>;

const text = z.string().trim().max(120);

export const faqsQuery = z.object({
  opco: z.string().min(2).max(4),
  /** Language code (en, sw); the `lang` header is read when absent. */
  lang: z.string().min(2).max(5).optional(),
  parentCategory: text.optional(),
  category: text.optional(),
  questionId: z.string().max(60).optional(),
});
export type FaqsQuery = z.infer<typeof faqsQuery>;

export const faqsResponse = envelope(z.array(faqItem));

/** One vote: `GET cms/webpage/likeCount/?questionId=&isLike=true|false&opco=NG`. */
export const likeCountQuery = z.object({
  questionId: z.string().min(1).max(60),
  isLike: z.enum(['true', 'false']),
  opco: z.string().min(2).max(4),
});

export const likeCountResult = z.object({
  questionId: z.string(),
  countLikePercentage: z.number().int().min(0).max(100),
  totalVotes: z.number().int().min(1),
});
export type LikeCountResult = z.infer<typeof likeCountResult>;

export const likeCountResponse = envelope(likeCountResult);

/** 'Our Service Experience' (/give_your_feedback): a rating, a topic and a comment; the number is optional. */
export const FEEDBACK_TOPICS = ['shop', 'customer-care', 'network', 'portal', 'other'] as const;

export const feedbackRequest = z.object({
  rating: z.number().int().min(1).max(5),
  topic: z.enum(FEEDBACK_TOPICS),
  comment: z.string().trim().min(1).max(1000),
  /** 10-digit national number, only when the visitor wants to be called back. */
  msisdn: z
    .string()
    .regex(/^\d{10}$/, 'Invalid Mobile No')
    .optional(),
  lang: z.string().min(2).max(5).optional(),
  opco: z.string().min(2).max(4),
});
export type FeedbackRequest = z.input<typeof feedbackRequest>;

export const feedbackResponse = envelope(z.object({ feedbackId: z.string() }));
