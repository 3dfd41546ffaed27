import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
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

/** What the popup says of a failed call: the network's message, else the server's translated title. */
export function errorMessage(error: ApiError | null, t: TFunction) {
  return error?.code === 'network' ? t('errors.network') : error?.title || t('errors.unexpected');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The popup (Mantine's Modal and what it brings) is not part of the first page: its code is fetched once the page
// is idle, so that it is here before an error needs it, also one of a network that went away since.
/**
 * The address of a module whose dynamic import failed, from the browser's message (Chromium: « Failed to fetch
 * dynamically imported module: <url> », Firefox: « error loading dynamically imported module: <url> »).
 */
export function failedModuleUrl(error: unknown): string | null {
  const match = /dynamically imported module:?\s+(\S+)/i.exec(String((error as Error)?.message ?? ''));
  return match ? match[1] : null;
}

// A browser may keep a failed import of an address for good (Chromium 150 does): once failed, the popup's code is
// asked for at the same address with a query that changes each time, which the browser fetches anew.
let failedViewUrl: string | null = null;
const loadView = (): Promise<typeof import('./error-dialog-view')> =>
  (failedViewUrl
    ? import(/* @vite-ignore */ `${failedViewUrl}?retry=${Date.now()}`)
    : import('./error-dialog-view')
  ).catch((error: unknown) => {
    failedViewUrl ??= failedModuleUrl(error);
    throw error;
  });
// React keeps a lazy component's failure for good: a failed load needs a new one to be tried again.
const lazyView = () => lazy(() => loadView().then((m) => ({ default: m.ErrorDialogView })));

/** Catches the popup's failure (its code could not be fetched): the app stays, `onFail` tells the user otherwise. */
class ViewBoundary extends Component<{ onFail: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function ErrorDialog() {
  const { t } = useTranslation();
  const error = useSyncExternalStore(subscribe, () => current);
  // Rendered from the first error on, and kept afterwards so that closing plays the modal's transition.
  const [needed, setNeeded] = useState(false);
  const [ErrorDialogView, setView] = useState(lazyView);
  if (error && !needed) setNeeded(true);
  useEffect(() => whenIdle(() => void loadView().catch(() => undefined)), []);
  const close = () => {
    current = null;
    emit();
  };
  // Without the popup's code (offline since the page opened, its prefetch failed too), the error still shows, as a
  // notice; the next error tries to fetch the popup again.
  const fail = () => {
    const id = current?.requestId;
    const message = errorMessage(current, t) + (id ? ` ${t('common.requestId', { id })}` : '');
    // Like the popup, it stays until closed.
    notifications.show({ color: 'red', title: t('errors.title'), message, autoClose: false });
    setView(lazyView);
    setNeeded(false);
    close();
  };
  if (!needed) return null;
  return (
    <ViewBoundary onFail={fail}>
      <Suspense fallback={null}>
        <ErrorDialogView error={error} onClose={close} />
      </Suspense>
    </ViewBoundary>
  );
}
