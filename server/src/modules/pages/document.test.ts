import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from './boot.js';
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
  it("names the entry, the chunks to fetch beside it (its own and the route's), and every style, the entry's first", () => {
    expect(routeAssets(manifest, ['src/app/routes/home.tsx'])).toEqual({
      entry: 'assets/index.js',
      scripts: ['assets/router.js', 'assets/home.js', 'assets/rules.js'],
      styles: ['assets/index.css', 'assets/home.css', 'assets/rules.css'],
    });
    expect(routeAssets(manifest, ['src/app/routes/unknown.tsx'])).toEqual({
      entry: 'assets/index.js',
      scripts: ['assets/router.js'],
      styles: ['assets/index.css'],
    });
  });

  it("loads the app from the boot script, not from the template's entry tags", () => {
    const withEntryTags = template.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/router.js"></head>',
    );
    const parts = {
      lang: 'en',
      market: 'NG',
      title: 't',
      description: 'd',
      html: '',
      state: '{}',
      modules: [],
    };
    const html = composeDocument(withEntryTags, parts, routeAssets(manifest, ['src/app/routes/home.tsx']));
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload" crossorigin href');
    expect(html).toContain(
      '<script type="application/json" id="portal-boot">' +
        '{"entry":"/assets/index.js","preload":["/assets/router.js","/assets/home.js","/assets/rules.js"]}</script>',
    );
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script>`);
    // The boot runs after the state it hands over is in the document.
    expect(html.indexOf('id="portal-state"')).toBeLessThan(html.indexOf(BOOT_SCRIPT));
  });

  it('names the assets under the base the build was made with (a CDN path), the default being /', () => {
    const cdn = 'https://cdn.example.com/portal/';
    const withCdnTags = template
      .replace('href="/assets/index.css"', `href="${cdn}assets/index.css"`)
      .replace(
        '</head>',
        `<script type="module" crossorigin src="${cdn}assets/index.js"></script>` +
          `<link rel="modulepreload" crossorigin href="${cdn}assets/router.js"></head>`,
      );
    const parts = {
      lang: 'en',
      market: 'NG',
      title: 't',
      description: 'd',
      html: '',
      state: '{}',
      modules: [],
    };
    const html = composeDocument(
      withCdnTags,
      parts,
      routeAssets(manifest, ['src/app/routes/home.tsx']),
      new Map([['assets/index.css', 'body{}']]),
    );
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload" crossorigin href');
    expect(html).toContain(
      `{"entry":"${cdn}assets/index.js","preload":["${cdn}assets/router.js","${cdn}assets/home.js","${cdn}assets/rules.js"]}`,
    );
    expect(html).toContain(
      `<style>body{}</style><link rel="stylesheet" href="${cdn}assets/index.css" disabled>`,
    );
    expect(html).toContain(`<link rel="stylesheet" href="${cdn}assets/home.css">`);
  });

  it('writes the styles into the head instead of linking them, each with a disabled marker', () => {
    const sheets = new Map([
      ['assets/index.css', 'body{margin:0}'],
      ['assets/home.css', '.home{color:red}</style>'],
    ]);
    const parts = {
      lang: 'en',
      market: 'NG',
      title: 't',
      description: 'd',
      html: '',
      state: '{}',
      modules: [],
    };
    const html = composeDocument(template, parts, routeAssets(manifest, ['src/app/routes/home.tsx']), sheets);
    expect(html).not.toMatch(/<link rel="stylesheet" href="\/assets\/index.css">/);
    expect(html).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" href="/assets/index.css" disabled>',
    );
    // A sheet cannot end the style element early.
    expect(html).toContain('<style>.home{color:red}<\\/style></style>');
    // One not read at start-up is linked as usual.
    expect(html).toContain('<link rel="stylesheet" href="/assets/rules.css">');
    expect(html.indexOf('body{margin:0}')).toBeLessThan(html.indexOf('.home{color:red}'));
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
      { entry: 'assets/index.js', scripts: ['assets/home.js'], styles: [] },
    );
    expect(html).toContain('<html lang="sw"');
    expect(html).toContain('<title>Malipo &amp; "bili" &lt;b&gt;</title>');
    expect(html).toContain('<meta name="description" content="a &quot;b&quot; &lt;c&gt;">');
    expect(html).toContain('<meta name="portal-market" content="CD">');
    expect(html).toContain('<div id="root"><main>page</main></div>');
    expect(html).toContain(
      '<script type="application/json" id="portal-state">{"a":"\\u003c/script>"}</script>',
    );
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
    expect(
      composeDocument(template, parts, { entry: 'assets/index.js', scripts: [], styles: [] }),
    ).not.toContain('refresh');
  });
});
