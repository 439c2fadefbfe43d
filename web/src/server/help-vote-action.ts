import { redirect } from 'react-router';
import { VISITOR_COOKIE } from '@portal/contract/client-headers';
import { errorMessage } from '@/lib/api';
import { sendVote, VOTE_FIELDS, VOTE_THANKS_ID, VOTE_VALUES, VOTED_PARAM } from '@/features/help/api/vote';
import { invalid, sentValues, type ActionContext, type ActionResult } from './form';

/**
 * `portal_visitor=<id>` of the form's request, the only cookie the vote needs; undefined without one. The API
 * counts one vote per visitor and question, a new one replacing the old; the server's in-process call carries
 * no cookie of its own, so the visitor's is passed on.
 */
export function visitorCookie(request: Pick<Request, 'headers'>): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VISITOR_COOKIE && value.length) return `${VISITOR_COOKIE}=${value.join('=')}`;
  }
  return undefined;
}

/**
 * 'Was this helpful?' as a plain HTML form (the help centre's answer, spec §2): the same call as the live
 * page's thumbs; counted, a redirect to the answer again with the thank-you (`?voted=`, so that reloading it
 * does not vote again), at the thank-you; failed, the answer again with the vote's error.
 */
export async function helpVoteAction(context: ActionContext): Promise<ActionResult> {
  const values = sentValues(context, Object.values(VOTE_FIELDS));
  const questionId = values[VOTE_FIELDS.questionId] ?? '';
  const choice = values[VOTE_FIELDS.vote];
  if (!questionId || (choice !== VOTE_VALUES.like && choice !== VOTE_VALUES.dislike)) {
    return invalid({ values, message: errorMessage(undefined) });
  }
  const cookie = visitorCookie(context.request);
  try {
    await sendVote(questionId, choice === VOTE_VALUES.like, cookie ? { cookie } : undefined);
  } catch (error) {
    return invalid({ values, message: errorMessage(error) });
  }
  // The address the form was sent to (the answer, in the page's language), with the thank-you.
  const url = new URL(context.request.url);
  url.searchParams.set(VOTED_PARAM, questionId);
  return redirect(`${url.pathname}${url.search}#${VOTE_THANKS_ID}`, 303);
}
