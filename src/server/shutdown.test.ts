import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '#test/server/server-process';

/** A large, incompressible JPEG: decoding and re-encoding it keeps a request busy for a while. */
async function heavyImage(): Promise<Buffer> {
  const width = 2600;
  const height = 2000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** The real process: SIGTERM lets a request already being handled finish, refuses new ones, then exits 0. */
describe('graceful shutdown', () => {
  let dir = '';
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finishes the in-flight request before exiting on SIGTERM', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-shutdown-'));
    server = await startServer({ DATA_DIR: dir, DATABASE_URL: '', SEED_SAMPLE_DATA: 'false' });
    const { url } = server;
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'cierre@example.com', password: 'secreto123', name: 'Cierre' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const image = await heavyImage();
    expect(image.length).toBeLessThan(2 * 1024 * 1024);

    const upload = fetch(`${url}/api/imagenes`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', origin: url, cookie },
      body: new Uint8Array(image),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id?: string } }));
    await new Promise((r) => setTimeout(r, 150)); // the upload is now being decoded and re-encoded
    const exit = server.stop('SIGTERM');

    const result = await upload;
    expect(result.status).toBe(201);
    expect(result.body.id).toMatch(/^[a-f0-9]{32}$/);
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 120_000);
});
