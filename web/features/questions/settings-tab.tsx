import { Group, NumberInput, Radio, Stack, Switch, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUESTION_HELP_MAX, questionSettingsInput } from '../../../contracts/questions';
import { useEditConflict } from '../../components/conflict/edit-conflict';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { useQuestionEdits, useReloadQuestion } from './api';
import type { QuestionTabProps } from './question-edit-page';
import { QuestionTitleFields } from './question-title-fields';

/** Q1 settings tab: titles, help, kind, max choices (multiple choice only), mandatory. */
export function SettingsTab({ projectId, question }: QuestionTabProps) {
  const { t } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const conflict = useEditConflict({ reload: useReloadQuestion(projectId, question.id) });
  const { field, onSubmit, submitting, dirty, form } = useAppForm({
    schema: questionSettingsInput,
    initialValues: {
      title: { ...question.title },
      help: { ...question.help },
      kind: question.kind,
      maxChoices: question.maxChoices,
      isMandatory: question.isMandatory,
    },
    submit: (body) => edits.settings.mutateAsync({ ...body, version: question.version }),
    onError: conflict.onError,
    successMessage: t('questions.notifications.saved'),
    onSaved: (_result, values) => form.resetDirty(values),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      {conflict.dialog}
      <Stack maw={640}>
        <QuestionTitleFields field={field} autofocus={false} />
        <Textarea
          label={t('questions.fields.helpFr')}
          autosize
          minRows={2}
          maxLength={QUESTION_HELP_MAX}
          {...field('help.fr')}
        />
        <Textarea
          label={t('questions.fields.helpEn')}
          autosize
          minRows={2}
          maxLength={QUESTION_HELP_MAX}
          {...field('help.en')}
        />
        <Radio.Group label={t('questions.fields.kind')} {...field('kind')}>
          <Group mt="xs">
            <Radio value="single" label={t('questions.kinds.single')} />
            <Radio value="multiple" label={t('questions.kinds.multiple')} />
          </Group>
        </Radio.Group>
        {form.getValues().kind === 'multiple' && (
          <NumberInput
            label={t('questions.fields.maxChoices')}
            description={t('questions.fields.maxChoicesHelp')}
            min={1}
            max={1000}
            allowDecimal={false}
            {...field('maxChoices')}
            value={form.getValues().maxChoices ?? ''}
            onChange={(v) => form.setFieldValue('maxChoices', v === '' ? null : Number(v))}
          />
        )}
        <Switch label={t('questions.fields.isMandatory')} {...field('isMandatory', { type: 'checkbox' })} />
        <Group>
          <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
