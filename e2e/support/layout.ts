/** Phone layout checks: nothing wider than the screen, dialog buttons where a thumb can reach them. */
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The page is exactly as wide as the phone: `scrollWidth <= clientWidth`, and the layout viewport did not grow past
 * the screen (mobile emulation widens it to fit overflowing content, which would hide the overflow from the first check).
 */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  // E2E_SCREENSHOTS=1 keeps a picture of each view checked, to look at what the phone shows (test-results/).
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath(`${label.replace(/[^\w-]+/g, '-')}.png`), fullPage: true });
  const screenWidth = page.viewportSize()?.width ?? 0;
  const measured = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    // For the failure message: the innermost elements that stick out (none of their children does), outside scrollers.
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const insideScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible' && !sticksOut(p)) return true;
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => sticksOut(el) && ![...el.children].some(sticksOut) && !insideScroller(el))
      .slice(0, 6)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> right=${Math.round(el.getBoundingClientRect().right)} text="${(el.textContent ?? '').slice(0, 50)}"`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
  });
  const detail = `${label}: scrollWidth ${measured.scrollWidth}, clientWidth ${measured.clientWidth}\n${measured.culprits.join('\n')}`;
  expect(measured.clientWidth, detail).toBeLessThanOrEqual(screenWidth);
  expect(measured.scrollWidth, detail).toBeLessThanOrEqual(measured.clientWidth);
}

/** The button is entirely on screen and a tap on its centre lands on it (nothing covers it), without scrolling. */
export async function expectTappableInViewport(page: Page, button: Locator, label: string): Promise<void> {
  await expect(button, label).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('No viewport');
  const box = await button.boundingBox();
  expect(box, `${label}: no bounding box`).not.toBeNull();
  if (!box) return;
  const where = `${label}: button at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)} in a ${viewport.width}×${viewport.height} screen`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height + 0.5);
  const hit = await button.evaluate(
    (el, point) => {
      const top = document.elementFromPoint(point.x, point.y);
      return top !== null && (top === el || el.contains(top));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit, `${where}: something else is on top of it`).toBe(true);
}

/**
 * A form control shows its whole text: the width the text needs (measured with the control's own font; for an
 * input, its placeholder's font) fits the control's content box. Returns the text and both widths on failure.
 */
export async function expectControlTextFits(control: Locator, text: string, label: string): Promise<void> {
  const { needed, available } = await control.evaluate((el, t) => {
    const style = getComputedStyle(el);
    const font =
      el instanceof HTMLInputElement && !el.value
        ? getComputedStyle(el, '::placeholder').font || style.font
        : style.font;
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = font;
    const box =
      el.getBoundingClientRect().width -
      parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight) -
      parseFloat(style.borderLeftWidth) -
      parseFloat(style.borderRightWidth);
    return { needed: ctx.measureText(t).width, available: box };
  }, text);
  expect(
    needed,
    `${label}: "${text}" needs ${needed.toFixed(1)} px, the control has ${available.toFixed(1)} px`,
  ).toBeLessThanOrEqual(available);
}
