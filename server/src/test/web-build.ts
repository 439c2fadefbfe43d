import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PATHS } from '@portal/contract';
import { tempDirs } from './temp-dirs.js';

/**
 * A web build reduced to what the server reads: the document template, the manifest, a hashed script and the
 * service worker, and a render bundle that answers with what the in-process API says of the configuration (the
 * web's own tests cover how the bundle reads its market from its URL, which the test runner's module loader
 * does not pass on) and counts its renders in a comment ('<!--render 3-->'). Call at a test file's top level:
 * its directories go when the file's tests end.
 */
export function fakeWebBuilds(): () => { dist: string; render: string } {
  const webBuildDir = tempDirs('portal-web-');
  return () => {
    const dist = webBuildDir();
    const render = webBuildDir();
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="portal-market" content="NG" /><title>x</title></head>' +
        '<body><div id="root"><!--portal-app--></div><!--portal-state--></body></html>',
    );
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc123.js', isEntry: true } }),
    );
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");\n');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    writeFileSync(
      path.join(render, 'entry-server.js'),
      `let api;
let renders = 0;
export function init(options) { api = options.fetch; }
export async function render(request) {
  const config = await (await api('${PATHS.config}')).json();
  const currency = config.result.configData.currency;
  const path = new URL(request.url).pathname;
  const html = '<p>' + currency + ' ' + path + '</p><!--render ' + ++renders + '-->';
  const page = path.slice(1) || 'home';
  return { kind: 'page', status: 200, lang: 'en', title: 't', description: 'd', html, state: '{}', modules: [], page };
}
`,
    );
    return { dist, render };
  };
}
