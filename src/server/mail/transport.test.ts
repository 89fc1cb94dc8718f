import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reminderMail } from './messages';
import { createMailTransport } from './transport';

describe('without SMTP_URL', () => {
  it('writes each email to the outbox folder as an .eml file and logs it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vidriera-outbox-'));
    try {
      const logged: Array<Record<string, unknown>> = [];
      const transport = createMailTransport({
        from: 'Vidriera <hola@vidriera.test>',
        outboxDir: path.join(dir, 'outbox'),
        log: (_msg, data) => logged.push(data),
      });
      expect(transport.kind).toBe('outbox');
      const content = reminderMail(
        'Kiosco <Uno>',
        4,
        new Date('2026-12-01T13:00:00Z'),
        new Date('2026-11-30T13:00:00Z'),
        'http://x.test',
      );
      await transport.send({ to: 'duena@example.com', messageId: '<reminder_1d.4@vidriera>', ...content });
      transport.close();
      const files = await readdir(path.join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      const eml = await readFile(path.join(dir, 'outbox', files[0]!), 'utf8');
      expect(eml).toContain('To: duena@example.com');
      expect(eml).toContain('Message-ID: <reminder_1d.4@vidriera>');
      expect(eml).toContain('Content-Type: text/plain');
      expect(eml).toContain('Content-Type: text/html');
      // The business name is escaped in the HTML part.
      expect(content.html).toContain('Kiosco &lt;Uno&gt;');
      expect(logged[0]).toMatchObject({
        to: 'duena@example.com',
        subject: 'Tu publicación de Kiosco <Uno> vence mañana',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
