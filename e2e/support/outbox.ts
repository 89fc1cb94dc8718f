import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The server's outbox (no SMTP_URL): playwright.config.ts gives each server DATA_DIR .e2e-data/<port>. */
function outboxOf(baseURL: string): string {
  return path.join('.e2e-data', new URL(baseURL).port, 'outbox');
}

/** The text of an .eml as a mail client shows it: quoted-printable soft breaks joined, escapes decoded. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the email to `to` whose link goes to `page` (the mailer sends it within moments), and returns its path. */
export async function emailedLink(baseURL: string, to: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s"]+(${linkPath}\\?token=[\\w.-]+)`);
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const dir = outboxOf(baseURL);
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const name of names.sort().reverse()) {
          const text = decodeQuotedPrintable(await readFile(path.join(dir, name), 'utf8'));
          if (!text.includes(`To: ${to}`)) continue;
          const match = pattern.exec(text);
          if (match) return (found = match[1]!);
        }
        return null;
      },
      { timeout: 20_000, message: `an email to ${to} with a ${linkPath} link` },
    )
    .not.toBeNull();
  return found!;
}
