import type { FaqItem } from '@portal/contract/api/help';
import { OPERATOR } from '@portal/contract/operator';

export type { FaqItem };

/** A parent or sub-category: a stage to open, or a page of its own when it has a link. */
export type Category = { name: string; href?: string; questions: number };

/** Spec §9: popular questions, 10 in the help centre and 5 in the question search. */
export const POPULAR_LIMIT = 10;
export const POPULAR_SEARCH_LIMIT = 5;

/** Spec §2: the named categories go to configured paths (an item's own href wins). */
export const NAMED_CATEGORY_PATHS: Readonly<Record<string, string>> = {
  'Contact Us': '/contact-us',
  Shops: `/store_finder/${OPERATOR}_shop`,
  Dealers: '/store_finder/dealers',
  'Our Service Experience': '/give_your_feedback',
  'Mobile Money Loans': `/more-${OPERATOR}-money`,
};

export const isQuestion = (item: FaqItem) => item.question.trim() !== '';
const isLink = (item: FaqItem) => !isQuestion(item) && item.href.trim() !== '';

/** Where a category goes when it is not opened as a stage: its own link or its configured path. */
export function categoryLink(category: Category): string | undefined {
  return category.href || NAMED_CATEGORY_PATHS[category.name];
}

function collect(
  items: readonly FaqItem[],
  key: (item: FaqItem) => string,
  linkOf: (item: FaqItem) => boolean,
) {
  const categories = new Map<string, Category>();
  for (const item of items) {
    const name = key(item).trim();
    if (!name) continue;
    const category = categories.get(name) ?? { name, questions: 0 };
    if (isQuestion(item)) category.questions += 1;
    else if (linkOf(item)) category.href = item.href.trim();
    else continue;
    categories.set(name, category);
  }
  return [...categories.values()];
}

/** Stage 1: parent categories in content order. */
export function parentCategories(items: readonly FaqItem[]): Category[] {
  return collect(
    items,
    (i) => i.parentCategory,
    (i) => isLink(i) && !i.category.trim(),
  );
}

/** Stage 2: the sub-categories of a parent. */
export function subCategories(items: readonly FaqItem[], parent: string): Category[] {
  return collect(
    items.filter((i) => i.parentCategory === parent),
    (i) => i.category,
    isLink,
  );
}

/** Stage 3: the questions of a sub-category. */
export function questionsIn(items: readonly FaqItem[], parent: string, category: string): FaqItem[] {
  return items.filter((i) => isQuestion(i) && i.parentCategory === parent && i.category === category);
}

export function findQuestion(items: readonly FaqItem[], questionId: string): FaqItem | undefined {
  return items.find((i) => i.questionId === questionId && isQuestion(i));
}

/** Stage 1: up to 10 questions flagged popular. */
export function popularQuestions(items: readonly FaqItem[], limit = POPULAR_LIMIT): FaqItem[] {
  return items.filter((i) => isQuestion(i) && i.popular === 'true').slice(0, limit);
}

/**
 * Beside a category: up to 5 popular questions, those of the same parent first, leaving out the questions
 * already on screen (`exclude`: question ids).
 */
export function popularSearches(
  items: readonly FaqItem[],
  parent: string,
  exclude: ReadonlySet<string> = new Set(),
  limit = POPULAR_SEARCH_LIMIT,
): FaqItem[] {
  const popular = items.filter((i) => isQuestion(i) && i.popular === 'true' && !exclude.has(i.questionId));
  return [
    ...popular.filter((i) => i.parentCategory === parent),
    ...popular.filter((i) => i.parentCategory !== parent),
  ].slice(0, limit);
}

/** The help centre's four stages (spec §2, §4), as kept in the URL. */
export type HelpLocation = { parent?: string; category?: string; question?: string };

/** The address of a place in the help centre (`?parent=&category=&question=`), '' for its start. */
export function helpSearch(location: HelpLocation): string {
  const search = new URLSearchParams();
  if (location.parent) search.set('parent', location.parent);
  if (location.category) search.set('category', location.category);
  if (location.question) search.set('question', location.question);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Where a question opens: its answer, under its categories. */
export function questionLocation(item: FaqItem): HelpLocation {
  return { parent: item.parentCategory, category: item.category, question: item.questionId };
}

/**
 * The place as this language's list knows it. Categories are named in each language, but the language
 * chooser keeps the address: a Hausa page may be asked for `?parent=Recharge`. A question (its id is the
 * same in every language) is shown under its own categories; a category this list lacks opens the stage
 * above it instead of an empty one.
 */
export function placeIn(items: readonly FaqItem[], location: HelpLocation): HelpLocation {
  if (location.question) {
    const question = findQuestion(items, location.question);
    return question ? questionLocation(question) : location;
  }
  const { parent, category } = location;
  if (!parent || !parentCategories(items).some((c) => c.name === parent)) return {};
  if (!category) return { parent };
  const known =
    questionsIn(items, parent, category).length > 0 ||
    subCategories(items, parent).some((c) => c.name === category);
  return known ? { parent, category } : { parent };
}

export function stageOf(location: HelpLocation): 1 | 2 | 3 | 4 {
  if (location.question) return 4;
  if (location.category) return 3;
  if (location.parent) return 2;
  return 1;
}

/** Back steps one stage: answer -> its questions -> its sub-categories -> the start. */
export function stageBack(location: HelpLocation): HelpLocation {
  if (location.question) {
    return location.category ? { parent: location.parent, category: location.category } : {};
  }
  if (location.category) return { parent: location.parent };
  return {};
}
