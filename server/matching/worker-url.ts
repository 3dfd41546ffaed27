/**
 * Where a matching worker thread's module is. Built, every worker is a file beside the bundle (`dist/server/`, see
 * scripts/build-server.mjs). From the sources (tests, benches, `npm run pairing`, dev) it is the TypeScript file:
 * a module of two lines registers tsx in the worker, then imports it (tsx given with `--import` to a worker does not
 * apply to its first module on Node 20) — the pattern of spreadsheet-import/sheet-reader.ts.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * `base`: the caller's import.meta.url; `source`: the worker's TypeScript file relative to the caller; `built`: its
 * file name in the build.
 */
export function workerUrl(base: string, source: string, built: string): URL {
  if (!base.endsWith('.ts')) return new URL(`./${built}`, base);
  const tsx = createRequire(base)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const code = [
    `import { register } from ${JSON.stringify(pathToFileURL(tsx).href)};`,
    'register();',
    `await import(${JSON.stringify(new URL(source, base).href)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
