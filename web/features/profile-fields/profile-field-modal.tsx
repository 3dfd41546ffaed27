import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_INPUT_TYPES,
  type CustomInputType,
  FIELD_ITEMS_MAX,
  FIELD_TITLE_MAX,
  ITEM_LABEL_MAX,
  isChoiceType,
  type ProfileField,
  type ProfileFieldInput,
  profileFieldInput,
  profileFieldTitleInput,
} from '../../../contracts/profile-fields';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useCreateProfileField, useRenameProfileField } from './api';

/**
 * U5: a new field of the organiser's own (titles, type and, for a single or multiple choice, its first items), or
 * a field renamed (titles only; the items of a choice field have their own editor).
 */
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

const emptyLabel = () => ({ fr: '', en: '' });

function CreateModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProfileField(projectId);
  const app = useAppForm({
    schema: profileFieldInput,
    initialValues: { title: { fr: '', en: '' }, inputType: 'text', itemLabels: [] } as ProfileFieldInput,
    submit: (body) => create.mutateAsync(body),
    successMessage: t('profileFields.notifications.created'),
    onSaved: onClose,
  });
  const { form, field, onSubmit, submitting, dirty } = app;
  const values = form.getValues() as ProfileFieldInput;
  const typeField = field('inputType');
  // A choice field starts with one empty item to fill in; another type has none.
  const setType = (type: string | null) => {
    if (!type) return;
    form.setFieldValue('inputType', type as CustomInputType);
    if (!isChoiceType(type)) form.setFieldValue('itemLabels', []);
    else if (!values.itemLabels?.length) form.setFieldValue('itemLabels', [emptyLabel()]);
  };
  return (
    <AppModal opened onClose={onClose} title={t('profileFields.createTitle')} dirty={dirty} size="lg">
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
            {...typeField}
            onChange={setType}
          />
          {isChoiceType(values.inputType) && <NewItems app={app} labels={values.itemLabels ?? []} />}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** The first items of a new choice field: a label in French and in English each, added and removed in place. */
function NewItems({
  app,
  labels,
}: {
  app: Pick<ReturnType<typeof useAppForm>, 'form' | 'field'>;
  labels: NonNullable<ProfileFieldInput['itemLabels']>;
}) {
  const { t } = useTranslation();
  const { form, field } = app;
  const listError = field('itemLabels').error;
  return (
    <Fieldset legend={t('profileFields.items.title')} data-testid="new-items">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('profileFields.items.hint')}
        </Text>
        {labels.map((_, index) => {
          const number = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id before they are saved
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('profileFields.items.labelFrNumbered', { number })}
                placeholder={t('profileFields.items.labelFr')}
                maxLength={ITEM_LABEL_MAX}
                {...field(`itemLabels.${index}.fr`)}
              />
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('profileFields.items.labelEnNumbered', { number })}
                placeholder={t('profileFields.items.labelEn')}
                maxLength={ITEM_LABEL_MAX}
                {...field(`itemLabels.${index}.en`)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={6}
                aria-label={t('profileFields.items.removeNumbered', { number })}
                onClick={() => form.removeListItem('itemLabels', index)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {listError && (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={labels.length >= FIELD_ITEMS_MAX}
            onClick={() => form.insertListItem('itemLabels', emptyLabel())}
          >
            {t('profileFields.items.add')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
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
