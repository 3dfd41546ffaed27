import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUESTION_TITLE_MAX } from '../../../contracts/questions';

/**
 * A question's title in French and in English: a new question, a linked one (the French one focused when the modal
 * opens), the settings tab.
 */
export function QuestionTitleFields({
  field,
  autofocus = true,
}: {
  field: (path: 'title.fr' | 'title.en') => TextInputProps;
  autofocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('questions.fields.titleFr')}
        required
        maxLength={QUESTION_TITLE_MAX}
        data-autofocus={autofocus || undefined}
        {...field('title.fr')}
      />
      <TextInput
        label={t('questions.fields.titleEn')}
        required
        maxLength={QUESTION_TITLE_MAX}
        {...field('title.en')}
      />
    </>
  );
}
