import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '#test/server/server-process';

// The server's node flags are written in four places (ADR 049): `npm start`, the Dockerfile's CMD, and the two
// harnesses that run the compiled server as those do. They must not drift, and every Node the project runs
// must accept them: node refuses to start on a V8 flag it does not know.
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

function npmStartFlags(): string[] {
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const match = / node (.*?) scripts\/start\.mjs$/.exec(scripts.start ?? '');
  if (!match) throw new Error(`unexpected start script: ${scripts.start}`);
  return match[1]!.split(' ');
}

function dockerfileFlags(): string[] {
  const cmd = [...read('Dockerfile').matchAll(/^CMD (\[.*\])$/gm)].at(-1);
  if (!cmd) throw new Error('no CMD [...] line in the Dockerfile');
  const [node, ...rest] = JSON.parse(cmd[1]!) as string[];
  expect(node).toBe('node');
  expect(rest.at(-1)).toBe('dist/server/main.js');
  return rest.slice(0, -1);
}

function playwrightFlags(): string[] {
  const match = / node (--[^`]*?) dist\/server\/main\.js`/.exec(read('playwright.config.ts'));
  if (!match) throw new Error('no compiled-server command in playwright.config.ts');
  return match[1]!.split(' ');
}

function serverProcessFlags(): string[] {
  const match = /options\.compiled\s*\?\s*\[([^\]]*?)path\.join\(/.exec(read('test/server/server-process.ts'));
  if (!match) throw new Error('no compiled-server arguments in test/server/server-process.ts');
  return [...match[1]!.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

describe("the server's node flags", () => {
  it('are the same wherever the compiled server is started', () => {
    const flags = npmStartFlags();
    expect(flags).toContain('--liftoff-only');
    expect(dockerfileFlags()).toEqual(flags);
    expect(playwrightFlags()).toEqual(flags);
    expect(serverProcessFlags()).toEqual(flags);
  });

  it('keep PGlite on the baseline compiler in the operator scripts too, which migrate a fresh data folder', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    for (const name of ['operator:add', 'operator:remove'])
      expect(scripts[name]).toMatch(/ node [^&]*--liftoff-only[^&]* dist\/server\/operador-cli\.js/);
  });

  it('are accepted by this Node and by the Node 24 that `npm test` installs', () => {
    const lts = path.join(ROOT, 'node_modules/.cache/node-24/node_modules/node/bin/node');
    const binaries = [process.execPath, ...(existsSync(lts) ? [lts] : [])];
    for (const binary of binaries) {
      const run = spawnSync(binary, [...npmStartFlags(), '-e', 'process.stdout.write(process.version)'], {
        encoding: 'utf8',
      });
      expect({ binary, status: run.status, stderr: run.stderr }).toEqual({ binary, status: 0, stderr: '' });
      expect(run.stdout).toMatch(/^v\d+\./);
    }
  });
});
