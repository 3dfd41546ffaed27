import { Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_INPUT_TYPES,
  FIELD_TITLE_MAX,
  type ProfileField,
  profileFieldInput,
  profileFieldTitleInput,
} from '../../../contracts/profile-fields';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateProfileField, useRenameProfileField } from './api';

/** U5: a new field of the organiser's own (titles and type), or a field renamed (titles only). */
export function ProfileFieldModal({
  projectId,
  field,
  onClose,
}: {
  projectId: string;
  field: ProfileField | null;
  onClose: () => void;
}) {
  return field ? (
    <RenameModal projectId={projectId} field={field} onClose={onClose} />
  ) : (
    <CreateModal projectId={projectId} onClose={onClose} />
  );
}

function TitleInputs({ field }: { field: ReturnType<typeof useAppForm>['field'] }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('profileFields.fields.titleFr')}
        maxLength={FIELD_TITLE_MAX}
        data-autofocus
        {...field('title.fr')}
      />
      <TextInput
        label={t('profileFields.fields.titleEn')}
        maxLength={FIELD_TITLE_MAX}
        {...field('title.en')}
      />
    </>
  );
}

function CreateModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProfileField(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: profileFieldInput,
    initialValues: { title: { fr: '', en: '' }, inputType: 'text' },
    submit: (body) => create.mutateAsync(body),
    successMessage: t('profileFields.notifications.created'),
    onSaved: onClose,
  });
  return (
    <AppModal opened onClose={onClose} title={t('profileFields.createTitle')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TitleInputs field={field} />
          <Select
            label={t('profileFields.fields.inputType')}
            data={CUSTOM_INPUT_TYPES.map((type) => ({
              value: type,
              label: t(`profileFields.inputTypes.${type}`),
            }))}
            allowDeselect={false}
            {...field('inputType')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

function RenameModal({
  projectId,
  field: profileField,
  onClose,
}: {
  projectId: string;
  field: ProfileField;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameProfileField(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: profileFieldTitleInput,
    initialValues: { title: { ...profileField.title } },
    submit: (body) => rename.mutateAsync({ profileFieldId: profileField.id, title: body.title }),
    successMessage: t('profileFields.notifications.saved'),
    onSaved: onClose,
  });
  return (
    <AppModal opened onClose={onClose} title={t('profileFields.editTitle')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TitleInputs field={field} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
