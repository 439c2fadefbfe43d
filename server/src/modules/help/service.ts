import { readdirSync } from 'node:fs';
import { languageCode } from '@portal/contract/language';
import path from 'node:path';
import { CONTENT_DIR, readData } from '@portal/content';
import { toInternational, type FaqItem, type FeedbackRequest, type LikeCountResult } from '@portal/contract';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { ChangeFeed } from '../../db/change-feed.js';
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

/**
 * What an answer came out as, by what went in: each instance, and each of the test suite's portals in one
 * process, would otherwise parse every answer again in jsdom (0.5 s of a test portal's 2.4 s start).
 */
const sanitised = new LRUCache<string, string>({ max: 20_000 });

/** DOMPurify on the server (jsdom): loaded once, only when FAQs are loaded. */
export async function createSanitiser(): Promise<Sanitise> {
  const { default: DOMPurify } = await import('isomorphic-dompurify');
  const sanitise = (html: string) =>
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
  return (html) => {
    let clean = sanitised.get(html);
    if (clean === undefined) sanitised.set(html, (clean = sanitise(html)));
    return clean;
  };
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

/** Every instance reloads its FAQs, or takes a question's new vote totals, from this channel. */
export const FAQ_CHANNEL = 'portal_faqs';

type Votes = { likes: number; dislikes: number };
type Filter = {
  parentCategory?: string | undefined;
  category?: string | undefined;
  questionId?: string | undefined;
};

/**
 * Help centre: FAQs per language (loaded from content/data, answers sanitised once at load) with their
 * vote counts, and the 'was this helpful' votes. Lists are answered from memory; a vote is counted in the
 * database and its new totals announced to every instance (docs/decisions/0060).
 */
export function createHelpService(deps: { store: HelpStore; sanitise: Sanitise }) {
  const { store, sanitise } = deps;
  let market = '';
  let byLanguage = new Map<string, FaqRow[]>();
  let questions = new Set<string>();
  const votes = new Map<string, Votes>();
  let version = 0;
  let feed: ChangeFeed | undefined;
  let reloading: Promise<void> = Promise.resolve();

  async function readAll() {
    const rows = await store.listAll(market);
    const next = new Map<string, FaqRow[]>();
    for (const row of rows) {
      next.set(row.language, [...(next.get(row.language) ?? []), row]);
      votes.set(row.questionId, { likes: row.likes, dislikes: row.dislikes });
    }
    byLanguage = next;
    questions = new Set(rows.filter((r) => r.question !== '').map((r) => r.questionId));
    version++;
  }

  function reload(): Promise<void> {
    reloading = reloading.catch(() => undefined).then(readAll);
    return reloading;
  }

  function setVotes(questionId: string, totals: Votes) {
    votes.set(questionId, totals);
    version++;
  }

  /**
   * A vote moved a question's counts (a changed vote lowers one): read them again, in turn with the reloads, so
   * notifications arriving out of order still end on the latest counts.
   */
  function rereadVotes(questionId: string): Promise<void> {
    reloading = reloading
      .catch(() => undefined)
      .then(async () => setVotes(questionId, await store.votesOf(market, questionId)));
    return reloading;
  }

  function onNotification(payload: string | undefined): Promise<void> {
    if (!payload) return reload();
    return rereadVotes((JSON.parse(payload) as { questionId: string }).questionId);
  }

  function items(opco: string, language: string, filter: Filter = {}): FaqItem[] {
    if (opco !== market) return [];
    const rows = byLanguage.get(language) ?? byLanguage.get(DEFAULT_LANGUAGE) ?? [];
    return rows
      .filter(
        (r) =>
          (!filter.parentCategory || r.parentCategory === filter.parentCategory) &&
          (!filter.category || r.category === filter.category) &&
          (!filter.questionId || r.questionId === filter.questionId),
      )
      .map((r) => toWire({ ...r, ...(votes.get(r.questionId) ?? { likes: 0, dislikes: 0 }) }));
  }

  return {
    async loadFromFiles(opco: string, dir = CONTENT_DIR) {
      market = opco;
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
      await reload();
      await feed?.notify(FAQ_CHANNEL);
    },

    /** Listens for FAQ reloads and votes of the other instances. */
    async watch(changes: ChangeFeed, onError: (error: unknown) => void) {
      feed = changes;
      await changes.listen(FAQ_CHANNEL, (payload) => {
        try {
          void onNotification(payload).catch(onError);
        } catch (error) {
          onError(error);
        }
      });
    },

    /** Grows with every reload and vote: answers serialised from the FAQs are valid for one version. */
    version: () => version,

    /** FAQs of a language; a language without FAQs gets English rather than an empty help centre. */
    items,
    async list(opco: string, language: string, filter: Filter = {}): Promise<FaqItem[]> {
      return items(opco, language, filter);
    },

    /** The visitor's vote on a question; a visitor has one vote per question (a new one replaces it). */
    async vote(
      opco: string,
      questionId: string,
      visitorId: string,
      isLike: boolean,
    ): Promise<LikeCountResult> {
      if (opco !== market || !questions.has(questionId)) {
        throw new AppError('NOT_FOUND', { log: 'No such question' });
      }
      const { likes, dislikes } = await store.vote(opco, questionId, visitorId, isLike);
      setVotes(questionId, { likes, dislikes });
      await feed?.notify(FAQ_CHANNEL, JSON.stringify({ questionId }));
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

/** The module from the app's database; loads the FAQs of content/ and follows changes on the feed. */
export async function createHelp(deps: {
  orm: Orm;
  market: string;
  changes: ChangeFeed;
  onError: (error: unknown) => void;
}): Promise<HelpService> {
  const service = createHelpService({ store: createHelpStore(deps.orm), sanitise: await createSanitiser() });
  await service.watch(deps.changes, deps.onError);
  await service.loadFromFiles(deps.market);
  return service;
}
