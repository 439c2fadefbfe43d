/**
 * A language as the API takes it: the primary subtag of a BCP 47 tag, two or three letters, lower case
 * ('SW', 'sw-KE' -> 'sw'; 'pcm' -> 'pcm' for Nigerian Pidgin). Anything else is not a language.
 */
export function languageCode(value: string | undefined | null): string | undefined {
  const primary = (value ?? '').trim().split(/[-_]/)[0]!.toLowerCase();
  return /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}
