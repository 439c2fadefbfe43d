import { readdirSync } from 'node:fs';
import { languageCode } from '@portal/contract/language';
import path from 'node:path';
import { CONTENT_DIR, readData } from '@portal/content';
import { toInternational, type FaqItem, type FeedbackRequest, type LikeCountResult } from '@portal/contract';
import { z } from 'zod';
import type { Orm } from '../../db/connection.js';
import { AppError } from '../../lib/app-error.js';
import { createHelpStore, type FaqRow, type FaqWithVotes, type HelpStore } from './store.js';

export const DEFAULT_LANGUAGE = 'en';

/** One entry of content/data/faqs.<lang>.json. */
const faqFileItem = z
  .object({
    questionId: z.string().regex(/^[a-z0-9-]{1,60}$/),
    parentCategory: z.string().min(1).max(120),
    category: z.string().max(120),
    question: z.string().max(300),
    answer: z.string().max(20_000),
    href: z.string().max(300),
    popular: z.enum(['true', 'false']),
  })
  .refine((i) => i.href !== '' || (i.question !== '' && i.answer !== '' && i.category !== ''), {
    message: 'an item is either a category link (href) or a question with category and answer',
  });

/** Share of helpful votes, 0-100, or null before the first vote. */
export function likePercentage(likes: number, dislikes: number): number | null {
  const total = likes + dislikes;
  return total === 0 ? null : Math.round((likes * 100) / total);
}

/** 'sw', 'SW', 'sw-KE' -> 'sw'; 'pcm' -> 'pcm'; anything else the default. */
export function normaliseLanguage(value: string | undefined): string {
  return languageCode(value) ?? DEFAULT_LANGUAGE;
}

export function faqLanguages(dir = CONTENT_DIR): string[] {
  return readdirSync(path.join(dir, 'data'))
    .map((file) => /^faqs\.([a-z]{2,3})\.json$/.exec(file)?.[1])
    .filter((lang): lang is string => lang !== undefined)
    .sort();
}

type Sanitise = (html: string) => string;

/** DOMPurify on the server (jsdom): loaded once, only when FAQs are loaded. */
export async function createSanitiser(): Promise<Sanitise> {
  const { default: DOMPurify } = await import('isomorphic-dompurify');
  return (html) =>
    DOMPurify.sanitize(html, {
      ALLOWED_TAGS: [
        'p',
        'br',
        'strong',
        'b',
        'em',
        'i',
        'u',
        'a',
        'ul',
        'ol',
        'li',
        'h3',
        'h4',
        'table',
        'thead',
        'tbody',
        'tr',
        'th',
        'td',
        'span',
      ],
      ALLOWED_ATTR: ['href', 'title'],
    });
}

function toWire(row: FaqWithVotes): FaqItem {
  return {
    questionId: row.questionId,
    question: row.question,
    parentCategory: row.parentCategory,
    category: row.category,
    href: row.href,
    popular: row.popular ? 'true' : 'false',
    answer: row.answer,
    countLikePercentage: likePercentage(row.likes, row.dislikes),
    totalVotes: row.likes + row.dislikes,
  };
}

/**
 * Help centre: FAQs per language (loaded from content/data, answers sanitised once at load) with their
 * vote counts, and the 'was this helpful' votes.
 */
export function createHelpService(deps: { store: HelpStore; sanitise: Sanitise }) {
  const { store, sanitise } = deps;
  return {
    async loadFromFiles(opco: string, dir = CONTENT_DIR) {
      for (const language of faqLanguages(dir)) {
        const parsed = z.array(faqFileItem).safeParse(readData<unknown>(`faqs.${language}`, dir));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new Error(`content/data/faqs.${language}.json: ${issue?.path.join('.')}: ${issue?.message}`);
        }
        const ids = new Set<string>();
        const rows: FaqRow[] = parsed.data.map((item, rank) => {
          if (ids.has(item.questionId))
            throw new Error(`faqs.${language}.json: duplicate questionId ${item.questionId}`);
          ids.add(item.questionId);
          return {
            opco,
            language,
            questionId: item.questionId,
            parentCategory: item.parentCategory,
            category: item.category,
            question: item.question,
            answer: item.answer ? sanitise(item.answer) : '',
            href: item.href,
            popular: item.popular === 'true',
            rank,
          };
        });
        await store.replaceFaqs(opco, language, rows);
      }
    },

    /** FAQs of a language; a language without FAQs gets English rather than an empty help centre. */
    async list(
      opco: string,
      language: string,
      filter: {
        parentCategory?: string | undefined;
        category?: string | undefined;
        questionId?: string | undefined;
      } = {},
    ): Promise<FaqItem[]> {
      const lang = (await store.hasLanguage(opco, language)) ? language : DEFAULT_LANGUAGE;
      const rows = await store.listFaqs(opco, lang, filter);
      return rows.map(toWire);
    },

    /** The visitor's vote on a question; a visitor has one vote per question (a new one replaces it). */
    async vote(
      opco: string,
      questionId: string,
      visitorId: string,
      isLike: boolean,
    ): Promise<LikeCountResult> {
      if (!(await store.isQuestion(opco, questionId))) {
        throw new AppError('NOT_FOUND', { message: 'No such question' });
      }
      const { likes, dislikes } = await store.vote(opco, questionId, visitorId, isLike);
      return {
        questionId,
        countLikePercentage: likePercentage(likes, dislikes) ?? 0,
        totalVotes: likes + dislikes,
      };
    },

    async feedback(input: Omit<FeedbackRequest, 'opco'> & { opco: string }): Promise<{ feedbackId: string }> {
      const id = await store.insertFeedback({
        opco: input.opco,
        language: normaliseLanguage(input.lang),
        rating: input.rating,
        topic: input.topic,
        comment: input.comment.trim(),
        msisdn: input.msisdn ? toInternational(input.msisdn) : null,
      });
      return { feedbackId: String(id) };
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;

/** The module from the app's database; loads the FAQs of content/. */
export async function createHelp(deps: { orm: Orm; market: string }): Promise<HelpService> {
  const service = createHelpService({ store: createHelpStore(deps.orm), sanitise: await createSanitiser() });
  await service.loadFromFiles(deps.market);
  return service;
}
