import { Button, Group, List, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api';
import { errorMessage } from './error-dialog';

/** The popup of `ErrorDialog` (error-dialog.tsx), loaded apart from the first page. */
export function ErrorDialogView({ error, onClose }: { error: ApiError | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = errorMessage(error, t);
  return (
    <Modal
      opened={!!error}
      onClose={onClose}
      zIndex={400}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={
        <Group gap="xs">
          <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" aria-hidden />
          <Text fw={600}>{t('errors.title')}</Text>
        </Group>
      }
      size="sm"
    >
      <Text size="sm" data-testid="error-message">
        {message}
      </Text>
      {error && error.fields.length > 0 && (
        <List size="sm" mt="xs">
          {error.fields.map((f) => (
            <List.Item key={`${f.field}:${f.code}`}>{f.message}</List.Item>
          ))}
        </List>
      )}
      {error?.requestId && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('common.requestId', { id: error.requestId })}
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
