import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LeaveConfirmModal } from '../modal/app-modal';

/**
 * P7 for a page (or a tab of a page, `guardQuery`): once its form changed, a banner shows; leaving by a link, the back button or closing the tab asks
 * to quit or stay. Saving (the form no longer dirty) clears it.
 */
export function UnsavedChangesGuard({ dirty, guardQuery = false }: { dirty: boolean; guardQuery?: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker({
    // Changing only the query (a tab, a filter) keeps the page and its form: only leaving the page asks, unless
    // the form lives in one of the page's tabs (`guardQuery`: another tab would unmount it).
    shouldBlockFn: ({ current, next }) =>
      dirty &&
      (current.pathname !== next.pathname ||
        (guardQuery && JSON.stringify(current.search) !== JSON.stringify(next.search))),
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  return (
    <>
      {dirty && (
        <Alert
          color="yellow"
          icon={<IconAlertCircle size={18} />}
          mb="md"
          data-testid="unsaved-banner"
          role="status"
        >
          {t('unsaved.banner')}
        </Alert>
      )}
      <LeaveConfirmModal
        opened={blocker.status === 'blocked'}
        onQuit={() => blocker.proceed?.()}
        onStay={() => blocker.reset?.()}
      />
    </>
  );
}
