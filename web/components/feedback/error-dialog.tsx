import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';
import { whenIdle } from '../../lib/idle';

let current: ApiError | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** P8: one error popup for any failed call, translated, with the request number to give support. */
export function showError(error: unknown) {
  current = error instanceof ApiError ? error : new ApiError({ status: 0, code: 'unexpected' });
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The popup (Mantine's Modal and what it brings) is not part of the first page: its code is fetched once the page
// is idle, so that it is here before an error needs it, also one of a network that went away since.
const loadView = () => import('./error-dialog-view');
const ErrorDialogView = lazy(() => loadView().then((m) => ({ default: m.ErrorDialogView })));

export function ErrorDialog() {
  const error = useSyncExternalStore(subscribe, () => current);
  // Rendered from the first error on, and kept afterwards so that closing plays the modal's transition.
  const [needed, setNeeded] = useState(false);
  if (error && !needed) setNeeded(true);
  useEffect(() => whenIdle(() => void loadView().catch(() => undefined)), []);
  const close = () => {
    current = null;
    emit();
  };
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialogView error={error} onClose={close} />
    </Suspense>
  );
}
