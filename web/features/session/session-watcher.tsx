import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/modal/app-modal';
import { isDashboardPath } from '../shell/menu';
import { extend, fetchSessionTimes, sessionQuery, signOutNow } from './api';

/**
 * P1: checks the session every `checkSeconds` (60 by default). On the warning the dashboard reloads its data
 * (which counts as activity) while other pages show the continue modal; on close the user is signed out.
 */
export function SessionWatcher({ checkSeconds }: { checkSeconds: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [warning, setWarning] = useState<{ expiresAt: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  const close = useCallback(async () => {
    setWarning(null);
    await signOutNow();
    await navigate({ to: '/sign-in', search: { expired: true }, ignoreBlocker: true });
  }, [navigate]);

  const check = useCallback(async () => {
    const times = await fetchSessionTimes().catch(() => null);
    if (!times) return;
    if (times.timeClose) return close();
    if (!times.timeWarn) return;
    if (isDashboardPath(pathRef.current)) {
      await extend().catch(() => undefined);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQuery.queryKey[0] });
      return;
    }
    setWarning({ expiresAt: times.expiresAt });
  }, [close, queryClient]);

  useEffect(() => {
    const id = window.setInterval(() => void check(), checkSeconds * 1000);
    return () => window.clearInterval(id);
  }, [check, checkSeconds]);

  async function handleContinue() {
    setBusy(true);
    try {
      const times = await fetchSessionTimes();
      if (times.timeClose) return close();
      await extend();
      setWarning(null);
    } catch {
      return close();
    } finally {
      setBusy(false);
    }
  }

  const remainingSeconds = warning?.expiresAt
    ? Math.max(0, Math.round((new Date(warning.expiresAt).getTime() - Date.now()) / 1000))
    : 0;

  return (
    <ConfirmModal
      opened={!!warning}
      title={t('session.warnTitle')}
      confirmLabel={t('session.continue')}
      cancelLabel={t('session.signOutNow')}
      onConfirm={() => void handleContinue()}
      onCancel={() => void close()}
      loading={busy}
    >
      <Text size="sm" data-testid="session-warning">
        {remainingSeconds >= 120
          ? t('session.warnBody', { minutes: Math.round(remainingSeconds / 60) })
          : t('session.warnBodySeconds', { seconds: remainingSeconds })}
      </Text>
    </ConfirmModal>
  );
}
