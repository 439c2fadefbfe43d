/**
 * The text shown when nothing better is known (spec §8's "Something Went Wrong!"). Its own module so that
 * the web's first page carries these few bytes and not the whole error catalogue (errors.ts).
 */
export const DEFAULT_ERROR_TEXT = 'Something Went Wrong!';
