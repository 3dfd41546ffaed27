import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, NodeResult, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * The accessibility check of the browser tier: axe-core, run in the page on what it shows, with the WCAG 2 A and
 * AA rules. Every journey calls `expectNoSeriousA11yViolations` on each screen it visits (docs/testing.md).
 *
 * axe is evaluated in the page through the DevTools protocol, as playwright's `evaluate` does: the app's CSP
 * (`script-src 'self'`) would refuse the inline script tag `addScriptTag` adds.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe is told to check: WCAG 2.0 and 2.1, levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Rules run whatever their tags: `label-content-name-mismatch` (WCAG 2.5.3, level A: the accessible name of a
 * control labelled by its text contains that text) was tagged `experimental` before axe 4.x, and so left out of
 * a tag selection; naming it keeps it run whatever axe's version tags it.
 */
const ALWAYS_RUN = { 'label-content-name-mismatch': { enabled: true } };

/** The colours axe measured for a `color-contrast` node, in one line: `#fff on #12b886 = 2.55:1 (4.5:1 needed)`. */
function contrastFigures(node: NodeResult): string {
  const data = node.any.find((check) => check.id === 'color-contrast')?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
    | undefined;
  if (!data?.fgColor) return '';
  return ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1 (${data.expectedContrastRatio} needed)`;
}

/** One line a failing element: the rule, its impact, the element's CSS path, the figures or axe's summary. */
export function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const target = node.target.map(String).join(' ');
      const figures =
        violation.id === 'color-contrast'
          ? contrastFigures(node)
          : ` ${node.failureSummary?.replace(/\s+/g, ' ')}`;
      const text = node.html.length > 120 ? `${node.html.slice(0, 117)}…` : node.html;
      return `${violation.id} (${node.impact ?? violation.impact}) ${target}:${figures} — ${text}`;
    }),
  );
}

/**
 * Waits until the screen is drawn: no loading overlay, and every transition or animation that ends (a modal's
 * fade, a tab's slide) over. Infinite ones (loaders) are not waited for. axe measures colours as they are drawn:
 * a half-faded modal would read as low contrast.
 */
async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('.mantine-LoadingOverlay-root').length === 0);
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    // A transition that ends may unmount its element or start another (a menu closing as a modal opens): the
    // screen is drawn once two looks a frame apart find none running, or after 3 s.
    const deadline = Date.now() + 3_000;
    let quiet = 0;
    while (quiet < 2 && Date.now() < deadline) {
      const now = running();
      quiet = now.length ? 0 : quiet + 1;
      const over = Promise.all(now.map((animation) => animation.finished.catch(() => undefined)));
      await Promise.race([
        over,
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
      ]);
      await frame();
    }
  });
}

export interface A11yCheck {
  /** Names the screen in the message (else the URL's path). */
  screen?: string;
  /**
   * CSS selectors of parts left out, each for a reason said beside the call: only what shows the user's own
   * choice as it is (a preview of the colours they picked, which the page already warns about).
   */
  exclude?: string[];
}

/** Runs axe on the page as it is now and returns its serious and critical violations. */
export async function seriousA11yViolations(page: Page, exclude: string[] = []): Promise<Result[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({ tags, rules, exclude }) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
        exclude.length ? { exclude } : document,
        // Frames are left out: the app's are a sent e-mail's preview (sandboxed, no script) and embedded videos.
        { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'], iframes: false },
      ),
    { tags: TAGS, rules: ALWAYS_RUN, exclude },
  );
  return results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
}

/**
 * Fails, listing each element and, for colours, the measured contrast, when axe finds a serious or critical
 * WCAG 2 A/AA violation on the screen the page shows.
 * With `A11Y_REPORT=<file>` in the environment, it fails on nothing and appends a JSON line per call to that file
 * instead (the screen, its language and its violations): a survey of the whole tier in one run.
 */
export async function expectNoSeriousA11yViolations(page: Page, { screen, exclude }: A11yCheck = {}) {
  const lang = await page.locator('html').getAttribute('lang');
  checkedScreens(page).add(screenKey(page, lang));
  const violations = await seriousA11yViolations(page, exclude);
  const where = screen ?? new URL(page.url()).pathname;
  const lines = describeViolations(violations);
  if (process.env.A11Y_REPORT) {
    appendFileSync(
      process.env.A11Y_REPORT,
      `${JSON.stringify({ screen: where, lang, violations: lines })}\n`,
    );
    return;
  }
  if (violations.length === 0) return;
  throw new Error(
    `${lines.length} serious or critical accessibility violation(s) on ${where} (${lang}):\n- ${lines.join('\n- ')}`,
  );
}

/** The screens (path and language) each page has been checked on. */
const checked = new WeakMap<Page, Set<string>>();
const checkedScreens = (page: Page) => {
  const screens = checked.get(page) ?? new Set<string>();
  checked.set(page, screens);
  return screens;
};
const screenKey = (page: Page, lang: string | null) => `${new URL(page.url()).pathname} ${lang}`;

/**
 * The same check, unless this page was already checked on this path in this language: what a shared helper calls
 * once it knows the screen has loaded (`tableSettled`), so that a screen is checked at least once without a call
 * of its own, at the cost of one run of axe per screen.
 */
export async function checkScreenOnce(page: Page) {
  const lang = await page.locator('html').getAttribute('lang');
  if (checkedScreens(page).has(screenKey(page, lang))) return;
  await expectNoSeriousA11yViolations(page);
}
