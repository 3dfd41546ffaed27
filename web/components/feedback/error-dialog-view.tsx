import { Button, Group, List, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

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

export function ErrorDialog() {
  const { t } = useTranslation();
  const error = useSyncExternalStore(subscribe, () => current);
  const close = () => {
    current = null;
    emit();
  };
  const message = error?.code === 'network' ? t('errors.network') : error?.title || t('errors.unexpected');
  return (
    <Modal
      opened={!!error}
      onClose={close}
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
        <Button onClick={close} data-autofocus>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
