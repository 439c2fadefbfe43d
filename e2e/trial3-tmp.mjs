import { chromium } from '@playwright/test';
import { SERVER_RENDERED_ROUTES } from './tests/server-rendered-routes.ts';
const base = 'http://127.0.0.1:18080';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await b.newContext({ javaScriptEnabled: true });
const p = await ctx.newPage();
async function lines(path) {
  await p.goto(base + path, { waitUntil: 'networkidle' });
  return await p.evaluate(() => {
    const out = new Set(); const w = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    while (w.nextNode()) { const t = w.currentNode.textContent.trim(); if (t.length > 3 && /[a-z]{3}/i.test(t)) out.add(t); }
    document.querySelectorAll('main input[placeholder], main [aria-label], main [title]').forEach(e => { for (const a of ['placeholder','aria-label','title']) { const v = e.getAttribute(a); if (v && v.length>3) out.add('@'+a+': '+v); } });
    return [...out];
  });
}
for (const r of SERVER_RENDERED_ROUTES) {
  const en = new Set(await lines(r));
  for (const lang of ['ha','yo','ig','pcm']) {
    const l = await lines('/' + lang + (r === '/' ? '' : r));
    const same = l.filter(x => en.has(x));
    if (same.length) console.log(r, lang, JSON.stringify(same.slice(0,12)));
  }
}
await b.close();
