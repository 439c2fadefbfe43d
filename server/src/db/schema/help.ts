import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** FAQ items per market and language (spec §3 "FAQ item"), loaded from content/data/faqs.<lang>.json on start. */
export const faqs = pgTable(
  'faqs',
  {
    opco: text('opco').notNull(),
    language: text('language').notNull(),
    questionId: text('question_id').notNull(),
    parentCategory: text('parent_category').notNull(),
    category: text('category').notNull(),
    question: text('question').notNull(),
    /** Sanitised HTML. */
    answer: text('answer').notNull(),
    href: text('href').notNull(),
    popular: boolean('popular').notNull(),
    /** Order of the content file: categories and questions are shown in this order. */
    rank: integer('rank').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.opco, t.language, t.questionId] })],
);

/**
 * 'Was this helpful' votes, counted per question across languages. One row per question, updated by an
 * atomic increment, so concurrent votes on several instances are all counted.
 */
export const faqVotes = pgTable(
  'faq_votes',
  {
    opco: text('opco').notNull(),
    questionId: text('question_id').notNull(),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.opco, t.questionId] })],
);

/**
 * Who voted what: one row per visitor and question (docs/decisions/0080). A visitor is the random id of the
 * portal's visitor cookie; a second vote of the same visitor replaces the first in faq_votes' counts.
 */
export const faqVisitorVotes = pgTable(
  'faq_visitor_votes',
  {
    opco: text('opco').notNull(),
    questionId: text('question_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    isLike: boolean('is_like').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.opco, t.questionId, t.visitorId] }),
    index('faq_visitor_votes_voted_idx').on(t.votedAt),
  ],
);

/** 'Our Service Experience' feedback (the /give_your_feedback page). */
export const serviceFeedback = pgTable(
  'service_feedback',
  {
    id: serial('id').primaryKey(),
    opco: text('opco').notNull(),
    language: text('language').notNull(),
    /** 1 (very poor) to 5 (excellent). */
    rating: smallint('rating').notNull(),
    topic: text('topic').notNull(),
    comment: text('comment').notNull(),
    /** International form, only when the visitor gave it to be called back. */
    msisdn: text('msisdn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_feedback_created_idx').on(t.createdAt),
    // Retention finds the feedback that still names someone without reading the anonymised rows.
    index('service_feedback_personal_idx')
      .on(t.createdAt)
      .where(sql`${t.msisdn} is not null or ${t.comment} <> ''`),
  ],
);
