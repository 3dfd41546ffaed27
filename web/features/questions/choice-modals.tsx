import { Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CHOICE_LABEL_MAX,
  type ChoiceCategory,
  choiceInput,
  type QuestionChoice,
} from '../../../contracts/questions';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { useQuestionEdits } from './api';
import type { QuestionTabProps } from './question-edit-page';

/** What the item modal adds (null) or edits: a choice or a category of choices. */
export type ChoiceItem =
  | { kind: 'choice'; choice: QuestionChoice | null }
  | { kind: 'category'; category: ChoiceCategory | null };

/**
 * Q1: add or edit a choice or a category of choices: its label in French and in English; a choice also picks its
 * category when the question has some.
 */
export function ChoiceItemModal({
  projectId,
  question,
  item,
  onClose,
}: QuestionTabProps & { item: ChoiceItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const existing = item.kind === 'choice' ? item.choice : item.category;
  const { field, onSubmit, submitting, dirty } = useAppForm({
    // A category has no category: it stays null, and only the label is sent.
    schema: choiceInput,
    initialValues: {
      label: existing ? { ...existing.label } : { fr: '', en: '' },
      categoryId: item.kind === 'choice' ? (item.choice?.categoryId ?? null) : null,
    },
    submit: ({ label, categoryId }) =>
      item.kind === 'choice'
        ? edits.saveChoice.mutateAsync({ choiceId: existing?.id ?? null, body: { label, categoryId } })
        : edits.saveCategory.mutateAsync({ categoryId: existing?.id ?? null, body: { label } }),
    successMessage: t(
      item.kind === 'choice' && !existing ? 'questions.choices.added' : 'questions.notifications.saved',
    ),
    onSaved: onClose,
  });
  const options =
    item.kind === 'choice'
      ? question.categories.map((c) => ({
          value: c.id,
          label: i18n.language === 'en' ? c.label.en : c.label.fr,
        }))
      : [];
  const title =
    item.kind === 'choice'
      ? t(existing ? 'questions.choices.editTitle' : 'questions.choices.addTitle')
      : t(existing ? 'questions.choices.editCategoryTitle' : 'questions.choices.addCategoryTitle');
  return (
    <AppModal opened onClose={onClose} title={title} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('questions.fields.labelFr')}
            required
            maxLength={CHOICE_LABEL_MAX}
            data-autofocus
            {...field('label.fr')}
          />
          <TextInput
            label={t('questions.fields.labelEn')}
            required
            maxLength={CHOICE_LABEL_MAX}
            {...field('label.en')}
          />
          {options.length > 0 && (
            <Select
              label={t('questions.fields.category')}
              data={options}
              clearable
              {...field('categoryId')}
            />
          )}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{existing ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** Q1: delete a choice or a category, with confirmation (`text` says what goes with it). */
export function ChoiceDeleteConfirm({
  projectId,
  question,
  target,
  text,
  onClose,
}: QuestionTabProps & {
  target: { kind: 'choice' | 'category'; id: string };
  text: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const mutation = target.kind === 'choice' ? edits.deleteChoice : edits.deleteCategory;
  return (
    <ConfirmModal
      opened
      danger
      title={t(
        target.kind === 'choice' ? 'questions.choices.deleteTitle' : 'questions.choices.deleteCategoryTitle',
      )}
      confirmLabel={t('common.delete')}
      loading={mutation.isPending}
      onCancel={onClose}
      onConfirm={() => mutation.mutate(target.id, { onSuccess: onClose })}
    >
      {text}
    </ConfirmModal>
  );
}
