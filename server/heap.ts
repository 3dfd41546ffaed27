import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past the live heap before a full collection (`HEAP_GROWING_PERCENT`,
 * default 20). V8's own rule lets it grow up to 4× when collecting is cheap, so a burst of short-lived objects (a
 * campaign of 10,000 messages allocates 5 GB, nodemailer's half of it) peaked at 330–500 MB of garbage above a
 * 110 MB live heap; at 20 % the peak stays under 50 MB above idle for the price of more frequent full collections
 * (bench/README.md, issue 19). 0 leaves V8's rule. Called once at start, before the app allocates.
 */
export function tuneHeap(percent: number) {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
