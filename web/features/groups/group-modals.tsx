import { Group as Row, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  categoryInput,
  GROUP_NAME_MAX,
  type Group,
  type GroupCategory,
  groupInput,
} from '../../../contracts/groups';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useSaveCategory, useSaveGroup } from './api';
import { nameIn } from './names';

/** The two name fields, French then English (both required, 2 to 100 characters). */
function NameFields({ field }: { field: ReturnType<typeof useAppForm>['field'] }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('groups.fields.nameFr')}
        maxLength={GROUP_NAME_MAX}
        required
        data-autofocus
        {...field('name.fr')}
      />
      <TextInput
        label={t('groups.fields.nameEn')}
        maxLength={GROUP_NAME_MAX}
        required
        {...field('name.en')}
      />
    </>
  );
}

/** U4: add a category, or rename one. */
export function CategoryModal({
  projectId,
  category,
  onClose,
}: {
  projectId: string;
  category: GroupCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCategory(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: categoryInput,
    initialValues: { name: category ? { ...category.name } : { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ categoryId: category?.id ?? null, body }),
    successMessage: t(category ? 'groups.notifications.categorySaved' : 'groups.notifications.categoryAdded'),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(category ? 'groups.editCategory' : 'groups.addCategory')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <NameFields field={field} />
        </Stack>
        <Row justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{category ? t('common.save') : t('common.create')}</SubmitButton>
        </Row>
      </form>
    </AppModal>
  );
}

/** U4: add a group to a category, or rename one (or move it to another category, at its end). */
export function GroupModal({
  projectId,
  group,
  categoryId,
  categories,
  onClose,
}: {
  projectId: string;
  group: Group | null;
  categoryId: string;
  categories: GroupCategory[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveGroup(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: groupInput,
    initialValues: { categoryId, name: group ? { ...group.name } : { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ groupId: group?.id ?? null, body }),
    successMessage: t(group ? 'groups.notifications.groupSaved' : 'groups.notifications.groupAdded'),
    onSaved: onClose,
  });
  const categoryField = field('categoryId');
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(group ? 'groups.editGroup' : 'groups.addGroup')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <NameFields field={field} />
          <Select
            label={t('groups.fields.category')}
            required
            allowDeselect={false}
            data={categories.map((c) => ({ value: c.id, label: nameIn(c.name, i18n.language) }))}
            {...categoryField}
            value={String(categoryField.value ?? '')}
            onChange={(value) => (categoryField.onChange as (v: string | null) => void)(value)}
          />
        </Stack>
        <Row justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{group ? t('common.save') : t('common.create')}</SubmitButton>
        </Row>
      </form>
    </AppModal>
  );
}
