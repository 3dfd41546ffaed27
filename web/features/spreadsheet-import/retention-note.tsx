import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importSettingsQuery } from './api';

/** How long the server keeps the file and the rows of an import (its IMPORT_RETENTION_DAYS). */
export function RetentionNote({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const settings = useQuery(importSettingsQuery(projectId));
  if (!settings.data) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="import-retention">
      {t('participantImport.retention', { count: settings.data.retentionDays })}
    </Text>
  );
}
