// `npm start`: builds what is missing or older than its sources, then runs the compiled server in this same
// process, so a start costs one node process instead of two (ADR 008, amendment 10). The start script gives this
// process the server's node flags.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../dist/server/main.js');
