// `npm run user:create`, `npm run seed:demo`, `npm run seed:scale`: installs what is missing, as `npm start` does,
// then runs the TypeScript command given (server/cli/*.ts) with tsx, passing on its arguments and its exit code.
// Plain Node only, so that these commands work on a fresh clone, before anything is installed.
import { ensureInstalled, run } from './lib.mjs';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('Usage: node scripts/cli.mjs <file.ts> [arguments…]');
  process.exit(2);
}
ensureInstalled();
process.exit(run(process.execPath, ['--import', 'tsx', script, ...args]));
