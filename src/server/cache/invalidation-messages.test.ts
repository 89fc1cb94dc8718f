import { describe, expect, it } from 'vitest';
import { encodeMessages } from './invalidation';
import type { ComercioChange } from './scope';

const change = (id: number, text: string): ComercioChange => ({
  id,
  before: { published: true, categorias: ['Bazar'], localidad: 'Capital', destacado: false, searchText: text },
  after: { published: true, categorias: ['Bazar'], localidad: 'Capital', destacado: false, searchText: text },
  comercio: true,
  promociones: false,
});

describe('announcements to other instances', () => {
  it('fit PostgreSQL NOTIFY payloads, split when a batch is big, and drop only a text too big to send', () => {
    const many = Array.from({ length: 40 }, (_, i) => change(i, 'x'.repeat(200)));
    const payloads = encodeMessages('me', many);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const ids = payloads.flatMap((p) => (JSON.parse(p) as { changes: ComercioChange[] }).changes.map((c) => c.id));
    expect(ids).toEqual(many.map((c) => c.id));

    const [huge] = encodeMessages('me', [change(1, 'ñ'.repeat(3000))]);
    const sent = (JSON.parse(huge!) as { from: string; changes: ComercioChange[] }).changes[0]!;
    expect(sent.before?.searchText).toBeNull();
    expect(sent.after?.categorias).toEqual(['Bazar']);
    expect(JSON.parse(encodeMessages('me', 'all')[0]!)).toEqual({ from: 'me', all: true });
  });
});
