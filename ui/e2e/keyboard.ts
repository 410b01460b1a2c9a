// Moving through the app with the keyboard alone, checking every stop on the way: what has focus
// is on screen, not covered by anything (WCAG 2.4.11), and draws a focus indicator (2.4.7).
import type { Locator } from '@playwright/test';
import { expect, type Page } from './fixtures.ts';

interface Stop {
  /** The focused element, named for a failure message. */
  what: string;
  /** Whether it is the element looked for. */
  found: boolean;
  /** Whether focus left the page's elements (on <body>, or nothing). */
  lost: boolean;
  /** On screen, and what is at its middle is it (not an element drawn over it). */
  visible: boolean;
  /** What is drawn at its middle instead, when not visible. */
  cover: string;
  /** A drawn outline or box shadow. */
  ring: boolean;
}

/** An element in the page, as Playwright hands it to code run there (this project's Node types have no DOM). */
type PageElement = Parameters<Extract<Parameters<Locator['evaluate']>[0], (...args: never[]) => unknown>>[0];

/**
 * What has focus now, measured in the page. Runs there: it reaches the page through `anchor`, the
 * element looked for when `isTarget` (else any element), as this project's Node types have no DOM.
 */
function stopNow(anchor: PageElement, isTarget: boolean): Stop {
  const document = anchor.ownerDocument;
  const view = document.defaultView!;
  const element = document.activeElement;
  if (!element || element === document.body)
    return { what: 'nothing (the page body)', found: false, lost: true, visible: false, cover: '', ring: false };
  const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
  const name = (node: typeof element) =>
    `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ').slice(0, 3).join('.')}` : ''}>`;
  const what = `${name(element)} "${label}"`;
  const box = element.getBoundingClientRect();
  const [width, height] = [view.innerWidth, view.innerHeight];
  const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < height && box.left < width;
  // The middle of the part of it inside the window: what the eye lands on.
  const x = (Math.max(box.left, 0) + Math.min(box.right, width)) / 2;
  const y = (Math.max(box.top, 0) + Math.min(box.bottom, height)) / 2;
  const top = onScreen ? document.elementFromPoint(x, y) : null;
  // A checkbox or radio's own box, or a label drawn over it, counts as it.
  const visible = Boolean(top && (element.contains(top) || top.contains(element) || top.control === element));
  const style = view.getComputedStyle(element);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  const cover = visible
    ? ''
    : top
      ? `${name(top)} at ${Math.round(x)},${Math.round(y)}`
      : `off screen at ${Math.round(box.left)},${Math.round(box.top)}`;
  return { what, found: isTarget && element === anchor, lost: false, visible, cover, ring };
}

/**
 * Measures the stop, again while it is not yet seen and ringed (a panel still sliding in, a list
 * still scrolling to it), for up to 2 s: answers the last measure.
 */
async function settled(read: () => Promise<Stop>): Promise<Stop> {
  let stop = await read();
  if (stop.lost || (stop.visible && stop.ring)) return stop;
  await expect
    .poll(
      async () => {
        stop = await read();
        return stop.visible && stop.ring;
      },
      { timeout: 2_000 },
    )
    .toBe(true)
    .catch(() => undefined);
  return stop;
}

/** Expects the focus to be on an element that is seen and shows it has focus. */
export async function expectFocusSeen(page: Page): Promise<void> {
  const stop = await settled(() => page.locator(':root').evaluate(stopNow, false));
  expect(stop.lost, 'focus is on an element of the page').toBe(false);
  expect(stop.visible, `${stop.what} is on screen and not covered (${stop.cover})`).toBe(true);
  expect(stop.ring, `${stop.what} draws a focus indicator`).toBe(true);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking each stop on the way
 * (seen, with a focus indicator). Past the page's last element (or before its first) the browser
 * takes focus to its own toolbar for one press; two such presses in a row mean focus is lost.
 * Fails, listing the stops, when `target` is not reached within `most` presses: it is not in the
 * Tab order, or something traps focus.
 */
export async function tabTo(page: Page, target: Locator, { back = false, most = 80 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  const stops: string[] = [];
  for (let press = 0; press < most; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await settled(() => target.evaluate(stopNow, true));
    stops.push(stop.what);
    if (stop.lost) {
      expect(stops.at(-2), `focus left the page twice in a row: ${stops.join(' → ')}`).not.toBe(stop.what);
      continue;
    }
    expect(stop.visible, `${stop.what} is on screen and not covered (${stop.cover})`).toBe(true);
    expect(stop.ring, `${stop.what} draws a focus indicator`).toBe(true);
    if (stop.found) return;
  }
  throw new Error(`not reached in ${most} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${stops.join(' → ')}`);
}

/** Tabs to a field and types into it, the way a keyboard user fills it (Ctrl+A then the text replaces what was there). */
export async function typeInto(page: Page, field: Locator, text: string, options: { back?: boolean; most?: number } = {}): Promise<void> {
  await tabTo(page, field, options);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * The first Tab after a page loads reaches "Skip to main content", seen and ringed; Enter moves
 * focus to the page's main region.
 */
export async function skipToMain(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expectFocusSeen(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

/** Whether focus is inside `container` now. */
export const focusInside = (container: Locator) => container.evaluate((element) => element.contains(element.ownerDocument.activeElement));

/**
 * A modal dialog keeps the keyboard in: `presses` Tabs, then as many Shift+Tabs, each leave
 * focus inside it, seen and ringed (enough presses go round it at least once).
 */
export async function expectTabStaysIn(page: Page, dialog: Locator, presses: number): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `${key} ${press + 1} stays in the dialog`).toBe(true);
      await expectFocusSeen(page);
    }
  }
}
