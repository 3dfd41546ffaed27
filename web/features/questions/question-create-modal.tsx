import { Group, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { questionCreateInput } from '../../../contracts/questions';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateQuestion } from './api';
import { QuestionTitleFields } from './question-title-fields';

/** Q1: add a question (titles in French and English, single or multiple choice), then open its edition page. */
export function QuestionCreateModal({
  projectId,
  onClose,
  onCreated,
}: {
  projectId: string;
  onClose: () => void;
  /** The new question's id: the page opens it once the modal has closed (a dirty modal blocks navigation). */
  onCreated: (questionId: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateQuestion(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: questionCreateInput,
    initialValues: { title: { fr: '', en: '' }, kind: 'multiple' as const },
    submit: (body) => create.mutateAsync(body),
    successMessage: t('questions.notifications.created'),
    onSaved: (question) => onCreated((question as { id: string }).id),
  });
  return (
    <AppModal opened onClose={onClose} title={t('questions.createTitle')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <QuestionTitleFields field={field} />
          <Radio.Group label={t('questions.fields.kind')} {...field('kind')}>
            <Group mt="xs">
              <Radio value="single" label={t('questions.kinds.single')} />
              <Radio value="multiple" label={t('questions.kinds.multiple')} />
            </Group>
          </Radio.Group>
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
