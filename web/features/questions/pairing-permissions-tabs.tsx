import { Group, NumberInput, Radio, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { questionPairingInput, questionPermissionsInput } from '../../../contracts/questions';
import { useEditConflict } from '../../components/conflict/edit-conflict';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { useQuestionEdits, useReloadQuestion } from './api';
import type { QuestionTabProps } from './question-edit-page';

/** Q1 pairing tab: whether the question counts in the scores, its weight and reversed flag (the values of Q2). */
export function PairingTab({ projectId, question }: QuestionTabProps) {
  const { t } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const conflict = useEditConflict({ reload: useReloadQuestion(projectId, question.id) });
  const { field, onSubmit, submitting, dirty, form } = useAppForm({
    schema: questionPairingInput,
    initialValues: {
      usedForMatching: question.usedForMatching,
      weight: question.weight,
      reversed: question.reversed,
    },
    submit: (body) => edits.pairing.mutateAsync({ ...body, version: question.version }),
    onError: conflict.onError,
    successMessage: t('questions.notifications.saved'),
    onSaved: (_result, values) => form.resetDirty(values),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      {conflict.dialog}
      <Stack maw={640}>
        <Text size="sm" c="dimmed">
          {t('questions.pairing.intro')}
        </Text>
        <Switch
          label={t('questions.fields.usedForMatching')}
          {...field('usedForMatching', { type: 'checkbox' })}
        />
        <NumberInput
          label={t('questions.fields.weight')}
          description={t('questions.fields.weightHelp')}
          min={0}
          max={100}
          allowDecimal={false}
          w={200}
          {...field('weight')}
        />
        <Switch
          label={t('questions.fields.reversed')}
          description={t('questions.fields.reversedHelp')}
          {...field('reversed', { type: 'checkbox' })}
        />
        <Group>
          <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Q1 permissions tab: who sees a participant's answer, and whether the participant edits it. */
export function PermissionsTab({ projectId, question }: QuestionTabProps) {
  const { t } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const conflict = useEditConflict({ reload: useReloadQuestion(projectId, question.id) });
  const { field, onSubmit, submitting, dirty, form } = useAppForm({
    schema: questionPermissionsInput,
    initialValues: { visibility: question.visibility, participantCanEdit: question.participantCanEdit },
    submit: (body) => edits.permissions.mutateAsync({ ...body, version: question.version }),
    onError: conflict.onError,
    successMessage: t('questions.notifications.saved'),
    onSaved: (_result, values) => form.resetDirty(values),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      {conflict.dialog}
      <Stack maw={640}>
        <Radio.Group label={t('questions.fields.visibility')} {...field('visibility')}>
          <Stack mt="xs" gap="xs">
            <Radio value="participants" label={t('questions.visibility.participants')} />
            <Radio value="organisers" label={t('questions.visibility.organisers')} />
          </Stack>
        </Radio.Group>
        <Switch
          label={t('questions.fields.participantCanEdit')}
          {...field('participantCanEdit', { type: 'checkbox' })}
        />
        <Group>
          <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
