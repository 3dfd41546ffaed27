import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_LANGUAGES,
  type ActivityDocument,
  type ActivityLanguage,
} from '../../../../contracts/activity-edition';
import { DOCUMENT_ACCEPT } from '../../../../contracts/files';
import { ConfirmModal } from '../../../components/modal/app-modal';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { activityDocumentsQuery, editionKeys, uploadDocumentFile, useDeleteActivityDocument } from './api';
import type { EditionTabProps } from './tabs';

/** The server's words for a failure: the field's message, else the title; a generic sentence otherwise. */
function serverMessage(error: unknown, fallback: string) {
  if (error instanceof ApiError) return error.fields[0]?.message ?? error.title ?? fallback;
  return fallback;
}

/**
 * P12: the activity's documents, one slot per language (the spec's LanguageID 1 and 2). Several PDF files may be
 * chosen at once; each is sent in turn, and a refused one shows the server's message (the others still go). A
 * document is downloaded from its name and deleted after a confirmation; the list is then read again.
 */
export function ActivityDocuments({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const documents = useQuery(activityDocumentsQuery(projectId, activityId));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('activities.edition.documents.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('activities.edition.documents.help')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {ACTIVITY_LANGUAGES.map((language) => (
          <DocumentSlot
            key={language}
            projectId={projectId}
            activityId={activityId}
            language={language}
            items={(documents.data?.items ?? []).filter((d) => d.language === language)}
            loading={documents.isPending}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function DocumentSlot({
  projectId,
  activityId,
  language,
  items,
  loading,
}: EditionTabProps & { language: ActivityLanguage; items: ActivityDocument[]; loading: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const remove = useDeleteActivityDocument(projectId, activityId);
  const resetInput = useRef<() => void>(null);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<ActivityDocument | null>(null);
  const title = t(`activities.edition.documents.slot.${language}`);

  async function handleFiles(files: File[]) {
    if (files.length === 0) return;
    setUploading(true);
    let saved = 0;
    for (const file of files) {
      try {
        await uploadDocumentFile(projectId, activityId, language, file);
        saved += 1;
      } catch (error) {
        notifications.show({
          color: 'red',
          title: t('activities.edition.documents.uploadFailed', { name: file.name }),
          message: serverMessage(error, t('activities.edition.documents.failed')),
        });
      }
    }
    await queryClient.invalidateQueries({ queryKey: editionKeys.documents(projectId, activityId) });
    if (saved) {
      notifications.show({
        color: 'teal',
        message: t('activities.edition.documents.uploaded', { count: saved }),
      });
    }
    resetInput.current?.();
    setUploading(false);
  }

  function handleDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('activities.edition.documents.deleted') });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          message: serverMessage(error, t('activities.edition.documents.failed')),
        });
        setDeleting(null);
      },
    });
  }

  return (
    <Paper withBorder p="md" data-testid={`documents-${language}`} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{title}</Text>
        <FileButton onChange={handleFiles} accept={DOCUMENT_ACCEPT} multiple resetRef={resetInput}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconFileUpload size={16} />}
              loading={uploading}
            >
              {t('activities.edition.documents.add')}
            </Button>
          )}
        </FileButton>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {loading ? t('common.loading') : t('activities.edition.documents.empty')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('activities.edition.documents.name')}</Table.Th>
              <Table.Th>{t('activities.edition.documents.size')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('activities.edition.documents.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>
                  <Anchor href={document.url} download={document.name} size="sm">
                    {document.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.fileSize(document.size)}</Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('activities.edition.documents.delete', { name: document.name })}
                    onClick={() => setDeleting(document)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal
        opened={deleting !== null}
        danger
        title={t('activities.edition.documents.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
      >
        {t('activities.edition.documents.deleteBody', { name: deleting?.name ?? '' })}
      </ConfirmModal>
    </Paper>
  );
}
