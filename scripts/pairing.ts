/**
 * `npm run pairing -- --in instance.json --out result.json [--time-limit SECONDS] [--seed N]`: solves one matching
 * instance file (matching.md, "One interface") with the solver the product uses, in a worker thread, then writes the
 * result with its statistics recounted by the independent checker and `seconds` measured here.
 * Exit codes: 0 written; 1 the solver failed or its result breaks a rule (then still written, the rules listed);
 * 2 bad arguments or an invalid instance (each error names its field). Ctrl-C stops the solver, which returns its
 * best so far.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { checkResult } from '../server/matching/checker';
import { describeInstanceErrors, matchingInstance } from '../server/matching/instance';
import { solveInWorker } from '../server/matching/run';

const usage =
  'usage: npm run pairing -- --in instance.json --out result.json [--time-limit SECONDS (10)] [--seed N (1)]';

function fail(code: number, lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(code);
}

function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        in: { type: 'string' },
        out: { type: 'string' },
        'time-limit': { type: 'string', default: '10' },
        seed: { type: 'string', default: '1' },
        help: { type: 'boolean' },
      },
      strict: true,
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const timeLimit = Number(values['time-limit']);
    const seed = Number(values.seed);
    if (!values.in || !values.out) throw new Error('--in and --out are required');
    if (!(timeLimit > 0))
      throw new Error(`--time-limit: a number of seconds above 0, not "${values['time-limit']}"`);
    if (!Number.isInteger(seed)) throw new Error(`--seed: an integer, not "${values.seed}"`);
    return { input: values.in, output: values.out, timeLimit, seed };
  } catch (error) {
    return fail(2, [String(error instanceof Error ? error.message : error), usage]);
  }
}

async function main() {
  const args = readArgs();
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(args.input, 'utf8'));
  } catch (error) {
    fail(2, [`${args.input}: ${error instanceof Error ? error.message : error}`]);
  }
  const parsed = matchingInstance.safeParse(json);
  if (!parsed.success) {
    fail(2, [
      `${args.input}: not a valid instance`,
      ...describeInstanceErrors(parsed.error).map((e) => `  ${e}`),
    ]);
  }
  const instance = parsed.data;
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.error('stopping: the best result so far will be written');
    controller.abort();
  });
  let lastShown = 0;
  const started = performance.now();
  let result: Awaited<ReturnType<typeof solveInWorker>>;
  try {
    result = await solveInWorker(instance, {
      seed: args.seed,
      timeLimitSeconds: args.timeLimit,
      signal: controller.signal,
      onProgress: ({ fraction, best }) => {
        if (!process.stderr.isTTY || performance.now() - lastShown < 1000) return;
        lastShown = performance.now();
        process.stderr.write(`\r${Math.round(fraction * 100)} %, best ${best}   `);
      },
    });
  } catch (error) {
    return fail(1, [`the solver failed: ${error instanceof Error ? error.message : error}`]);
  }
  const seconds = (performance.now() - started) / 1000;
  if (process.stderr.isTTY && lastShown) process.stderr.write('\n');
  const { stats, violations } = checkResult(instance, result);
  const written = { ...result, stats: { ...stats, seconds } };
  fs.writeFileSync(args.output, `${JSON.stringify(written, null, 2)}\n`);
  const figures = Object.entries(stats)
    .filter(([key]) => key !== 'seconds' && key !== 'bound')
    .map(([key, value]) => `${key} ${typeof value === 'number' ? Number(value.toFixed(4)) : value}`);
  console.log(`${args.output}: ${instance.kind}, ${figures.join(', ')}, ${seconds.toFixed(2)} s`);
  if (violations.length) fail(1, ['the result breaks these rules:', ...violations.map((v) => `  ${v}`)]);
}

await main();
