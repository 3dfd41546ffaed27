/**
 * Runs `task` once the page has nothing better to do (after the first render, between the user's inputs), at the
 * latest after `timeoutMs`. Used to fetch code that the first page does not need but the next step will.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
