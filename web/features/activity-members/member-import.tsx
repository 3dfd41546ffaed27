import { Alert, FileInput, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_IMPORT_ACCEPT, type MemberImportResult } from '../../../contracts/activity-members';
import { SubmitButton } from '../../components/forms/submit-button';
import { ApiError } from '../../lib/api';
import { useImportMembers } from './api';

/**
 * V7 import: an Excel or CSV file of e-mails; the participants of the project found by them are registered. The
 * answer's invalid cells and addresses not found are shown as warnings (spec 002 §8); a refusal (over the maximum,
 * a file that cannot be read) under the file or in a red notice.
 */
export function MemberImport({ projectId, activityId }: { projectId: string; activityId: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<MemberImportResult | null>(null);
  const importMembers = useImportMembers(projectId, activityId);

  function handleImport() {
    if (!file) return;
    setFileError(undefined);
    setError(null);
    setResult(null);
    importMembers.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        notifications.show({
          color: 'teal',
          message: t('activities.members.notifications.added', { count: answer.added }),
        });
      },
      onError: (e) => {
        const field = e instanceof ApiError ? e.fields.find((f) => f.field === 'file') : undefined;
        if (field) setFileError(field.message);
        else setError(e instanceof ApiError && e.title ? e.title : t('errors.unexpected'));
      },
    });
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('activities.members.import')}
      </Title>
      <Text size="sm">{t('activities.members.importHelp')}</Text>
      <Group align="flex-end">
        <FileInput
          label={t('activities.members.importFile')}
          accept={MEMBER_IMPORT_ACCEPT}
          value={file}
          onChange={(value) => {
            setFile(value);
            setResult(null);
            setFileError(undefined);
            setError(null);
          }}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clearFile') }}
          w={320}
        />
        <SubmitButton type="button" disabled={!file} loading={importMembers.isPending} onClick={handleImport}>
          {t('activities.members.importSubmit')}
        </SubmitButton>
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="member-import-error">
          {error}
        </Alert>
      )}
      {result && (
        <Alert color="teal" data-testid="member-import-result">
          {t('activities.members.notifications.added', { count: result.added })}
        </Alert>
      )}
      <Addresses
        addresses={result?.notFound ?? []}
        title={t('activities.members.importNotFound', { count: result?.notFound.length ?? 0 })}
        testId="member-import-not-found"
      />
      <Addresses
        addresses={result?.invalid ?? []}
        title={t('activities.members.importInvalid', { count: result?.invalid.length ?? 0 })}
        testId="member-import-invalid"
      />
    </Stack>
  );
}

/** The addresses of the file that were not taken, under the reason why; nothing when there are none. */
function Addresses({ addresses, title, testId }: { addresses: string[]; title: string; testId: string }) {
  if (!addresses.length) return null;
  return (
    <Alert color="yellow" data-testid={testId}>
      <Text size="sm">{title}</Text>
      <List size="sm" mt="xs">
        {addresses.map((email) => (
          <List.Item key={email}>{email}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
