/**
 * `tsx scripts/pglite-template.ts OUT.tar.gz` — a gzipped dump of a migrated, empty PGlite data folder, shipped
 * beside the compiled server. A first start on an empty DATA_DIR unpacks it instead of running PostgreSQL's
 * initdb and every migration, the slowest and most memory-hungry part of a first run (issue 14). The dump is
 * the one the tests already cache in node_modules/.cache, keyed by the migrations and the PGlite version.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pgliteTemplate } from '#test/server/db-template';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx scripts/pglite-template.ts OUT.tar.gz');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
writeFileSync(out, gzipSync(readFileSync(await pgliteTemplate(root))));
