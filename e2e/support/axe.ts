/** Axe scan that fails on serious or critical violations, listing each one with its nodes. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Axe reads colours as they are drawn at that instant: a dialog still fading in, or a button's colour transition
  // under way, reads as too little contrast (4.44 : 1 for the opinion form's submit button, seen under load). So
  // the scan waits for every finite animation and transition to end; a spinner's endless one is left running.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => {
      const nodes = v.nodes.map(
        (n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
      );
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
  expect(serious, `${label}: axe found serious/critical violations:\n${report}`).toEqual([]);
}
