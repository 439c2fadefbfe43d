import { describe, expect, it } from 'vitest';
import { localisedLinks } from './answer-view';

describe("an answer's links", () => {
  const igbo = (path: string) => (path === '/' ? '/ig' : `/ig${path}`);

  it('to portal pages carry the page`s language, so a page without JavaScript keeps it', () => {
    const html =
      '<p>See <a href="/data-bundle">Data bundle</a>, <a href="/gethelp?parent=a&amp;category=b">help</a>, ' +
      '<a href="//cdn.example.com/x">cdn</a>, <a href="https://example.com/y">site</a> and <a href="tel:300">300</a>.</p>';
    expect(localisedLinks(html, igbo)).toBe(
      '<p>See <a href="/ig/data-bundle">Data bundle</a>, <a href="/ig/gethelp?parent=a&amp;category=b">help</a>, ' +
        '<a href="//cdn.example.com/x">cdn</a>, <a href="https://example.com/y">site</a> and <a href="tel:300">300</a>.</p>',
    );
  });

  it('stay as they are in the default language', () => {
    const html = '<a href="/data-bundle">Data bundle</a>';
    expect(localisedLinks(html, (path) => path)).toBe(html);
  });
});
