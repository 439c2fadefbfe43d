import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/**
 * Where a server-rendered page moves if the browser paints it with only part of its HTML, as it does between
 * the pieces a slow link delivers: the page's HTML (scripts left out, as before they run) is written into a
 * frame of the screen's size up to the end of each tag in its body, in turn, and what is on screen then is
 * compared with the whole page, scored as Chromium scores a layout shift (cut-paint-probe.js). Used by
 * cut-paint.spec.ts and bench:cut-paint.
 */

export type Screen = { name: string; width: number; height: number };
export type Cut = { cut: number; score: number; moved: string[] };

export const SCREENS: readonly Screen[] = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 720 },
];

/** The most a page may move at any cut: the hydration test's limit, which a paint falling on the cut meets. */
export const SHIFT_LIMIT = 0.001;

const PROBE = fileURLToPath(new URL('./cut-paint-probe.js', import.meta.url));

/** The page as the browser has it before its scripts run, with its own address for what it loads. */
export function withoutScripts(html: string, base: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<head>/, `<head><base href="${base}/">`);
}

/**
 * The end of every tag in the body: where a piece of the HTML may end. A closing tag right after another
 * tag is left out: it adds nothing to what there is to paint (an element the parser has not closed yet is
 * laid out as a closed one), so the page cut after it is the page cut before it.
 */
export function cutsOf(html: string): number[] {
  const cuts: number[] = [];
  let previous = -1;
  for (let at = html.indexOf('>', html.indexOf('<body')); at !== -1; at = html.indexOf('>', at + 1)) {
    const start = html.lastIndexOf('<', at);
    const closesRightAfterATag = html.startsWith('</', start) && html.slice(previous, start).trim() === '';
    if (!closesRightAfterATag) cuts.push(at + 1);
    previous = at + 1;
  }
  return cuts;
}

/** Every cut of the page at which something on screen would move, with its score. */
export async function paintCuts(page: Page, html: string, screen: Screen): Promise<Cut[]> {
  await page.setViewportSize({ width: screen.width, height: screen.height });
  await page.setContent('<!doctype html><body style="margin:0"></body>');
  await page.addScriptTag({ path: PROBE });
  return (await page.evaluate(
    ([source, cuts, width, height]) =>
      (globalThis as unknown as { cutPaint: (...args: unknown[]) => unknown }).cutPaint(
        source,
        cuts,
        width,
        height,
      ),
    [html, cutsOf(html), screen.width, screen.height] as const,
  )) as Cut[];
}

/** The cut that moves most, if any. */
export function worstOf(cuts: Cut[]): Cut | undefined {
  return cuts.reduce<Cut | undefined>((a, b) => (a && a.score >= b.score ? a : b), undefined);
}

/** A few characters either side of a cut, on one line. */
export function around(html: string, cut: number): string {
  const text = (from: number, to: number) => html.slice(from, to).replace(/\s+/g, ' ');
  return `…${text(cut - 60, cut)} ✂ ${text(cut, cut + 30)}…`;
}
