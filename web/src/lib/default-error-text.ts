import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';

let translated: () => string = () => DEFAULT_ERROR_TEXT;

/**
 * 'Something Went Wrong!' in the page's language. The browser's entry names it; the server's render leaves it
 * English and the form's result translates it (useFormResult). The server's own messages arrive translated.
 */
export function setDefaultErrorText(next: () => string): void {
  translated = next;
}

export function defaultErrorText(): string {
  return translated();
}
