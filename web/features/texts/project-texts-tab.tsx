import { Alert, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLanguage, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inLanguage, type TextEntry } from '../../../contracts/texts';
import { RichTextView } from '../../components/rich-text';
import { missingTranslationsQuery, projectTextsQuery } from './api';
import { TextEditModal } from './text-edit-modal';

/** The label of a kind of text (modules add theirs under `texts.kinds`), its own name when none. */
export function useKindLabel() {
  const { t } = useTranslation();
  return (kind: string) => t(`texts.kinds.${kind}`, { defaultValue: kind });
}

/**
 * The project settings "Texts" tab: the project's texts, each opening the modal editor (E2), a badge on a text
 * missing a language, and the report of the project's texts still to translate.
 */
export function ProjectTextsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const texts = useQuery(projectTextsQuery(projectId));
  const [editing, setEditing] = useState<string | null>(null);
  const current = texts.data?.items.find((entry) => entry.kind === editing);
  const kindLabel = useKindLabel();
  if (texts.isPending) return <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />;
  if (!texts.data) return null;
  return (
    <Stack>
      <MissingTranslations projectId={projectId} />
      {texts.data.items.map((entry) => (
        <TextCard key={entry.kind} entry={entry} onEdit={() => setEditing(entry.kind)} />
      ))}
      {current && (
        <TextEditModal
          entry={current}
          title={kindLabel(current.kind)}
          opened={!!current}
          onClose={() => setEditing(null)}
          projectId={projectId}
        />
      )}
    </Stack>
  );
}

function TextCard({ entry, onEdit }: { entry: TextEntry; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const kindLabel = useKindLabel();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const shown = inLanguage(entry.text, language);
  const written = entry.missing.length < 2;
  return (
    <Card withBorder data-testid="text-card" data-kind={entry.kind}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap="xs">
            <Title order={3} size="h5">
              {kindLabel(entry.kind)}
            </Title>
            {written &&
              entry.missing.map((missing) => (
                <Badge key={missing} color="orange" variant="light" leftSection={<IconLanguage size={12} />}>
                  {t(`texts.missing.${missing}`)}
                </Badge>
              ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t(`texts.descriptions.${entry.kind}`, { defaultValue: '' })}
          </Text>
        </div>
        {!entry.readOnly && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label={t('texts.editNamed', { name: kindLabel(entry.kind) })}
          >
            {t('common.edit')}
          </Button>
        )}
      </Group>
      <Card.Section inheritPadding py="sm" data-testid="text-preview">
        {!written ? (
          <Text c="dimmed" fs="italic" size="sm">
            {t('texts.empty')}
          </Text>
        ) : entry.format === 'rich' ? (
          <RichTextView html={shown} mah={240} style={{ overflow: 'auto' }} />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{shown}</Text>
        )}
      </Card.Section>
    </Card>
  );
}

/** The texts of the project written in one language only. */
function MissingTranslations({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const { data } = useQuery(missingTranslationsQuery(projectId));
  if (!data) return null;
  if (data.items.length === 0) {
    return (
      <Alert color="teal" variant="light" data-testid="missing-translations">
        {t('texts.report.complete')}
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('texts.report.title', { count: data.items.length })}
      data-testid="missing-translations"
    >
      <List size="sm">
        {data.items.map((item) => (
          <List.Item key={`${item.kind}:${item.ownerId}`}>
            {t('texts.report.item', {
              name: kindLabel(item.kind),
              languages: item.missing.map((l) => t(`languages.${l}`)).join(', '),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
