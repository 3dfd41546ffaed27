import { Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CATEGORY_NAME_MAX,
  categoryName,
  itemText,
  type ReleaseCategory,
  type ReleaseItem,
} from '../../../contracts/releases';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useFormEditors } from '../../components/rich-text/form-editors';
import { useSaveCategory, useSaveItem } from './api';

const categorySchema = z.object({ name: categoryName });
const itemSchema = z.object({ text: itemText });

/** A5: add a category, or rename one: its name in French and in English (plain text). */
export function CategoryModal({
  releaseId,
  category,
  onClose,
}: {
  releaseId: string;
  category: ReleaseCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCategory(releaseId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: categorySchema,
    initialValues: { name: category ? { ...category.name } : { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ categoryId: category?.id ?? null, name: body.name }),
    successMessage: t(
      category ? 'releases.notifications.categorySaved' : 'releases.notifications.categoryAdded',
    ),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(category ? 'releases.entries.editCategory' : 'releases.entries.addCategory')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('releases.entries.nameFr')}
            maxLength={CATEGORY_NAME_MAX}
            data-autofocus
            {...field('name.fr')}
          />
          <TextInput
            label={t('releases.entries.nameEn')}
            maxLength={CATEGORY_NAME_MAX}
            {...field('name.en')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{category ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** A5: add an item (in a category or outside any), or edit one: its text in French and in English (rich text). */
export function ItemModal({
  releaseId,
  item,
  categoryId,
  onClose,
}: {
  releaseId: string;
  item: ReleaseItem | null;
  categoryId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveItem(releaseId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: itemSchema,
    initialValues: { text: item ? { ...item.text } : { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ itemId: item?.id ?? null, categoryId, text: body.text }),
    successMessage: t(item ? 'releases.notifications.itemSaved' : 'releases.notifications.itemAdded'),
    onSaved: onClose,
  });
  const { editor, tooLong } = useFormEditors(field);
  const text = (language: 'fr' | 'en') =>
    editor(`text.${language}`, {
      label: t(language === 'fr' ? 'releases.entries.textFr' : 'releases.entries.textEn'),
      editorType: 2,
      autoFocus: language === 'fr',
    });
  return (
    <AppModal
      opened
      onClose={onClose}
      size="xl"
      title={t(item ? 'releases.entries.editItem' : 'releases.entries.addItem')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {text('fr')}
          {text('en')}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting} disabled={tooLong}>
            {item ? t('common.save') : t('common.create')}
          </SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
