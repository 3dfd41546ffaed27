import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/modal/app-modal';

/**
 * Deleting a payment or a category, confirmed first. A refusal (a payment with sales) closes the dialog and the
 * error popup gives the server's reason.
 */
export function DeleteModal<V>({
  title,
  body,
  success,
  remove,
  variables,
  onClose,
}: {
  title: string;
  body: string;
  /** The notice once deleted. */
  success: string;
  remove: UseMutationResult<unknown, Error, V>;
  variables: V;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened
      danger
      title={title}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(variables, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: success });
            onClose();
          },
          onError: onClose,
        })
      }
    >
      {body}
    </ConfirmModal>
  );
}
