import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { chromiumExecutable, chromiumFlags } from './chromium';

export const screenshotDir = path.resolve(import.meta.dirname, '..', 'screenshots');
/**
 * Screenshots are for people to look at: saved on a developer's run, not in CI (where nobody sees them and a
 * full-page PNG of every screen costs a core for minutes), unless E2E_SCREENSHOTS=1 asks for them.
 */
export const savingScreenshots = process.env.CI !== 'true' || process.env.E2E_SCREENSHOTS === '1';

/**
 * Debian's Chromium, headless, with the flags this closed network needs. Every page asks for reduced motion (as a
 * person may): a toast sliding in or fading out while axe measures would otherwise fail on its faded colours (CI
 * did). Chromium's --force-prefers-reduced-motion is not enough: Playwright's contexts set the preference themselves
 * (no-preference unless told), so each context is told.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable, args: chromiumFlags });
}

/** Saves a screenshot of what the person sees under e2e/screenshots (git-ignored), and checks it with axe. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (savingScreenshots) {
    fs.mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
  }
  // Every screen a journey shows must also pass axe in a real browser, contrast included.
  const violations = await accessibilityViolations(page);
  if (violations.length) throw new Error(`Accessibility violations on "${name}":\n${violations.join('\n')}`);
}

/** Fails the test on any error the page logs or throws (a CSP violation, a crash). */
export function watchForPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // Failed API calls are logged by design (spec section 8); a 401 on the current user is "signed out".
    if (message.type() === 'error' && !text.startsWith('[api]') && !/status of 40[0-9]/.test(text))
      errors.push(`console: ${text}`);
  });
  return errors;
}

/** Waits until the first match is visible (fails after the timeout). */
export const see = (locator: Locator, timeout = 10_000) => locator.first().waitFor({ state: 'visible', timeout });

/** Waits until nothing matches visibly. */
export const gone = (locator: Locator, timeout = 10_000) => locator.first().waitFor({ state: 'hidden', timeout });

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the real browser (colour contrast included): the violations on the page as it is now. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A toast sliding in is half transparent for a moment, and axe would measure its faded colours:
  // wait for every animation that ends (a spinner's never does) to end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    // label-content-name-mismatch is experimental in axe (off by default): a control's accessible name
    // must hold the words it shows, as speech users say what they see.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  return violations;
}

/** How many pixels the page is wider than the window (0 or less: no sideways scrolling). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** The elements reaching past the window's right edge, innermost first (for a failure's message). */
export const elementsPastTheWindow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    // Past the edge and not clipped by an ancestor that scrolls or hides its overflow within the window.
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 0.5)
          return true;
      return false;
    };
    // An element's own right edge, or that of what it holds spilling out of it (text that cannot wrap).
    const reach = (el: Element) => {
      const box = el.getBoundingClientRect();
      return Math.max(box.right, box.left + el.scrollWidth);
    };
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      // (a visually hidden label, one pixel wide and clipped, shows nothing)
      (el) => el.getBoundingClientRect().width > 1 && reach(el) > width + 0.5 && !clipped(el),
    );
    // The innermost ones: what spills, not each box it spills out of.
    return past
      .filter((el) => !past.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => {
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `<${el.tagName.toLowerCase()}> "${text}" reaching ${Math.round(reach(el))} px`;
      });
  });
