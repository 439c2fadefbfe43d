import { describe, expect, it } from 'vitest';
import { composeDocument, routeAssets, type Manifest } from './document.js';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_router.js'],
    css: ['assets/index.css'],
  },
  '_router.js': { file: 'assets/router.js' },
  '_rules.js': { file: 'assets/rules.js', css: ['assets/rules.css'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_router.js', '_rules.js'],
    css: ['assets/home.css'],
  },
};

const template =
  '<!doctype html><html lang="en"><head><meta name="portal-market" content="NG" />' +
  '<meta name="description" content="x" /><title>x</title><link rel="stylesheet" href="/assets/index.css"></head>' +
  '<body><div id="root"><!--portal-app--></div><!--portal-state--></body></html>';

describe('the document around a server-rendered page', () => {
  it("preloads the route's own chunks and styles, not the entry's", () => {
    expect(routeAssets(manifest, ['src/app/routes/home.tsx'])).toEqual({
      scripts: ['assets/home.js', 'assets/rules.js'],
      styles: ['assets/home.css', 'assets/rules.css'],
    });
    expect(routeAssets(manifest, ['src/app/routes/unknown.tsx'])).toEqual({ scripts: [], styles: [] });
  });

  it('writes language, title, description, market, markup and state, escaping what it writes', () => {
    const html = composeDocument(
      template,
      {
        lang: 'sw',
        market: 'CD',
        title: 'Malipo & "bili" <b>',
        description: 'a "b" <c>',
        html: '<main>page</main>',
        state: '{"a":"\\u003c/script>"}',
        modules: [],
        refreshSeconds: 3,
      },
      { scripts: ['assets/home.js'], styles: ['assets/home.css'] },
    );
    expect(html).toContain('<html lang="sw"');
    expect(html).toContain('<title>Malipo &amp; "bili" &lt;b&gt;</title>');
    expect(html).toContain('<meta name="description" content="a &quot;b&quot; &lt;c&gt;">');
    expect(html).toContain('<meta name="portal-market" content="CD">');
    expect(html).toContain('<div id="root"><main>page</main></div>');
    expect(html).toContain(
      '<script type="application/json" id="portal-state">{"a":"\\u003c/script>"}</script>',
    );
    // The route's styles come after the entry's, which they refine.
    expect(html.indexOf('/assets/home.css')).toBeGreaterThan(html.indexOf('/assets/index.css'));
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="3"></noscript>');
  });

  it('leaves out the self-refresh unless the page asks for it', () => {
    const parts = {
      lang: 'en',
      market: 'NG',
      title: 't',
      description: 'd',
      html: '',
      state: '{}',
      modules: [],
    };
    expect(composeDocument(template, parts, { scripts: [], styles: [] })).not.toContain('refresh');
  });
});
