/** Vidriera can be kept on the phone's home screen: Chromium finds a valid web app manifest and nothing that stops installing it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/app';

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

test('Chromium reports no installability errors, and the manifest names the app in Spanish with its icons', async ({
  playwright,
  launchOptions,
  baseURL,
  request,
}) => {
  // Chromium never offers to install from a private window, and every test context is one: a browser of its own
  // with a real profile, as a person's phone has.
  const profile = await mkdtemp(path.join(tmpdir(), 'vidriera-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: 'es-AR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await gotoHydrated(page, '/');
  const cdp = await page.context().newCDPSession(page);
  // What the page links to, as Chromium read and parsed it.
  const linked = await cdp.send('Page.getAppManifest', {});
  expect(linked.url).toMatch(/\/manifest\.webmanifest$/);
  expect(linked.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const manifest = JSON.parse(linked.data!) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Vidriera · Comercios y promociones de Mendoza',
    short_name: 'Vidriera',
    lang: 'es-AR',
    start_url: '/',
    display: 'standalone',
  });
  // Every icon is served as the PNG of the size it claims, a maskable one among them.
  expect(manifest.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable']);
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.ok(), icon.src).toBe(true);
    expect(res.headers()['content-type']).toBe(icon.type);
    const png = await res.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  await context.close();
  await rm(profile, { recursive: true, force: true });
});
