import type { Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * The map's tiles come from the test (playwright.config points MAP_TILE_URL at /__tiles/), and any request off
 * this machine is refused: a test never reaches the internet. Returns the tile paths served, in order.
 */
export async function serveLocalTiles(page: Page): Promise<string[]> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e8e4d8' } })
    .png()
    .toBuffer();
  const served: string[] = [];
  await page.route('**/__tiles/**', (route) => {
    served.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
  });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  return served;
}
