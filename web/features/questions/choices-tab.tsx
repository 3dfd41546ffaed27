import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChoiceCategory, QuestionChoice } from '../../../contracts/questions';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { serializeOrder } from '../../components/sortable/order';
import { SortableList } from '../../components/sortable/sortable-list';
import { questionKeys, saveChoiceLayout } from './api';
import { ChoiceImportModal } from './choice-import-modal';
import { ChoiceDeleteConfirm, ChoiceItemModal } from './choice-modals';
import type { QuestionTabProps } from './question-edit-page';

type Dialog =
  | { kind: 'choice'; choice: QuestionChoice | null }
  | { kind: 'category'; category: ChoiceCategory | null }
  | { kind: 'deleteChoice'; choice: QuestionChoice }
  | { kind: 'deleteCategory'; category: ChoiceCategory }
  | { kind: 'import' }
  | null;

/** Q1 choices tab: categories and choices, ordered by drag or keyboard, edited in a modal, imported from a list. */
export function ChoicesTab({ projectId, question }: QuestionTabProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const english = i18n.language === 'en';
  const labelOf = (l: { fr: string; en: string }) => (english ? l.en : l.fr);
  const { items, categories } = useMemo(() => {
    const entry = (c: QuestionChoice) => ({ ...c, source: c, label: english ? c.label.en : c.label.fr });
    return {
      items: question.choices.filter((c) => c.categoryId === null).map(entry),
      categories: question.categories.map((cat) => ({
        ...cat,
        source: cat,
        label: english ? cat.label.en : cat.label.fr,
        items: question.choices.filter((c) => c.categoryId === cat.id).map(entry),
      })),
    };
  }, [question, english]);

  return (
    <Stack>
      {question.linkedQuestion && (
        <Alert color="grape">
          {t('questions.choices.mirrored', { name: labelOf(question.linkedQuestion.title) })}
        </Alert>
      )}
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('questions.choices.title')}
        </Title>
        <Group>
          <Button
            variant="default"
            leftSection={<IconFolderPlus size={16} />}
            onClick={() => setDialog({ kind: 'category', category: null })}
          >
            {t('questions.choices.addCategory')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setDialog({ kind: 'import' })}
          >
            {t('questions.choices.import')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'choice', choice: null })}
          >
            {t('questions.choices.add')}
          </Button>
        </Group>
      </Group>
      <SortableList
        label={t('questions.choices.title')}
        items={items}
        categories={categories}
        emptyText={t('questions.choices.empty')}
        onSave={(order) => {
          const placed = serializeOrder(order).filter((e) => !e.isCategory);
          return saveChoiceLayout(projectId, question.id, {
            ids: placed.map((e) => e.id),
            categoryIds: order.categories.map((c) => c.id),
            categoryOf: Object.fromEntries(placed.map((e) => [e.id, e.categoryId])),
          });
        }}
        onReload={() => queryClient.invalidateQueries({ queryKey: questionKeys.all })}
        renderCategory={(category) => (
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>{category.label}</Text>
            <Group gap={4} wrap="nowrap">
              <EditDeleteActions
                editLabel={t('questions.choices.editCategoryNamed', { name: category.label })}
                deleteLabel={t('questions.choices.deleteCategoryNamed', { name: category.label })}
                onEdit={() => setDialog({ kind: 'category', category: category.source })}
                onDelete={() => setDialog({ kind: 'deleteCategory', category: category.source })}
              />
            </Group>
          </Group>
        )}
        renderItem={(choice) => (
          <Group justify="space-between" wrap="nowrap" data-testid="choice-row">
            <Stack gap={0}>
              <Text>{choice.label}</Text>
              <Text size="xs" c="dimmed">
                {english ? choice.source.label.fr : choice.source.label.en} ·{' '}
                {t('questions.answerCount', { count: choice.answerCount })}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {choice.linkedChoiceId && (
                <Badge size="xs" variant="light" color="grape">
                  {t('questions.choices.mirrorBadge')}
                </Badge>
              )}
              <EditDeleteActions
                editLabel={t('questions.choices.editNamed', { name: choice.label })}
                deleteLabel={t('questions.choices.deleteNamed', { name: choice.label })}
                onEdit={() => setDialog({ kind: 'choice', choice: choice.source })}
                onDelete={() => setDialog({ kind: 'deleteChoice', choice: choice.source })}
              />
            </Group>
          </Group>
        )}
      />
      {(dialog?.kind === 'choice' || dialog?.kind === 'category') && (
        <ChoiceItemModal
          projectId={projectId}
          question={question}
          item={dialog}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'deleteChoice' && (
        <ChoiceDeleteConfirm
          projectId={projectId}
          question={question}
          target={{ kind: 'choice', id: dialog.choice.id }}
          text={t('questions.choices.deleteText', {
            name: labelOf(dialog.choice.label),
            count: dialog.choice.answerCount,
          })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'deleteCategory' && (
        <ChoiceDeleteConfirm
          projectId={projectId}
          question={question}
          target={{ kind: 'category', id: dialog.category.id }}
          text={t('questions.choices.deleteCategoryText', { name: labelOf(dialog.category.label) })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && (
        <ChoiceImportModal projectId={projectId} questionId={question.id} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
