import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { salesSettingsQuery, taxKeys } from './api';
import { SalesSettingsForm } from './sales-settings-form';

/**
 * The currency and the seller printed on bills, on their own while the taxes (option 54) are off: the taxes tab
 * shows the same form above the taxes when they are on.
 */
export function SalesSettingsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(salesSettingsQuery(projectId));
  if (!settings.data) {
    return settings.isError ? (
      <Group>
        <Text>{t('errors.unexpected')}</Text>
        <Button variant="light" onClick={() => void queryClient.invalidateQueries({ queryKey: taxKeys.all })}>
          {t('common.retry')}
        </Button>
      </Group>
    ) : (
      <Loader role="progressbar" aria-label={t('common.loading')} />
    );
  }
  return (
    <Stack maw={860}>
      <SalesSettingsForm projectId={projectId} settings={settings.data} />
    </Stack>
  );
}
