import { createHash } from 'node:crypto';

/**
 * The page's one inline script: it waits until the browser has painted the server's HTML, then loads the
 * app: the entry, and then the chunks it and the route need (named in the `portal-boot` JSON block), one
 * per task: starting a module preload costs the main thread a few milliseconds each (about 20 ms for a help
 * page's eight, unthrottled), so that no one task of a slow phone does them all. On a slow connection the
 * first paint then competes with no script download, and the app's work starts after the page shows.
 * The Content-Security-Policy allows exactly this script by its hash (app.ts), and no other inline script.
 */
export const BOOT_SCRIPT =
  "(()=>{const b=JSON.parse(document.getElementById('portal-boot').textContent);" +
  'requestAnimationFrame(()=>setTimeout(()=>{import(b.entry);const p=b.preload.slice();const n=()=>{' +
  'const h=p.shift();if(!h)return;const l=document.createElement("link");l.rel="modulepreload";' +
  'l.crossOrigin="";l.href=h;document.head.appendChild(l);setTimeout(n,0)};setTimeout(n,0)},0))})()';

/** `'sha256-…'` of the boot script, for script-src. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
