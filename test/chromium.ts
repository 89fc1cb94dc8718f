/**
 * The flags Debian's Chromium runs with in browser tests and benches (/work/shared/stack-notes.md): no sandbox as
 * root, no GPU, and none of the background traffic this machine's closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For benches: any host but 127.0.0.1 fails to resolve, so nothing leaves the machine (and shows if it tries). */
export const ONLY_LOCALHOST = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
