import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ModalLevel = createContext(0);

/** Mantine's modal layer is 200; each stacked modal sits 2 above the last (P6: backdrop, then content). */
export const modalZIndex = (level: number) => 200 + 2 * (level - 1);

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: 'xl' | 'lg' | 'md' | 'sm';
  children: ReactNode;
  /** P7: a modal checks only its own form; closing it while dirty asks to quit or stay. */
  dirty?: boolean;
}

/**
 * P6: every modal of the product. Modals stack, each above the last; the first level is static (neither Escape
 * nor a click outside closes it, only its buttons); the content is unmounted on close, so a reopened modal starts
 * clean.
 */
export function AppModal({ opened, onClose, title, size = 'md', children, dirty = false }: AppModalProps) {
  const { t } = useTranslation();
  const level = useContext(ModalLevel) + 1;
  const [askingToLeave, setAskingToLeave] = useState(false);
  const router = useRouter({ warn: false });
  const requestClose = () => (dirty ? setAskingToLeave(true) : onClose());
  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      zIndex={modalZIndex(level)}
      closeOnEscape={level > 1}
      closeOnClickOutside={level > 1}
      keepMounted={false}
      data-level={level}
    >
      <ModalLevel.Provider value={level}>
        {children}
        <LeaveConfirmModal
          opened={askingToLeave}
          onStay={() => setAskingToLeave(false)}
          onQuit={() => {
            setAskingToLeave(false);
            onClose();
          }}
        />
        {router && opened && dirty && <ModalRouteGuard />}
      </ModalLevel.Provider>
    </Modal>
  );
}

/** P7: with a dirty modal open, leaving the page (back button, a link, closing the tab) asks too. */
function ModalRouteGuard() {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname,
    enableBeforeUnload: true,
    withResolver: true,
  });
  return (
    <LeaveConfirmModal
      opened={blocker.status === 'blocked'}
      onQuit={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}

export interface ConfirmModalProps {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  loading?: boolean;
  confirmDisabled?: boolean;
}

/** A confirmation before a destructive or far-reaching action. Stacks like any modal. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={props.opened} onClose={props.onCancel} title={props.title} size="md">
      {typeof props.children === 'string' ? <Text size="sm">{props.children}</Text> : props.children}
      <Group justify="flex-end" mt="lg">
        {/* The focus opens on the confirmation, or on "cancel" when there is nothing to confirm yet. */}
        <Button
          variant="default"
          onClick={props.onCancel}
          data-autofocus={props.confirmDisabled || undefined}
        >
          {props.cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          color={props.danger ? 'red' : undefined}
          onClick={props.onConfirm}
          loading={props.loading}
          disabled={props.confirmDisabled}
          data-autofocus={!props.confirmDisabled || undefined}
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}

/** P7: quit without saving, or stay. */
export function LeaveConfirmModal({
  opened,
  onQuit,
  onStay,
}: {
  opened: boolean;
  onQuit: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('unsaved.title')}
      confirmLabel={t('unsaved.quit')}
      cancelLabel={t('unsaved.stay')}
      onConfirm={onQuit}
      onCancel={onStay}
      danger
    >
      {t('unsaved.body')}
    </ConfirmModal>
  );
}
