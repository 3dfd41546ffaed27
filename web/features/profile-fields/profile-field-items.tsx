import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FIELD_ITEMS_MAX,
  ITEM_LABEL_MAX,
  type ProfileFieldItem,
  type ProfileFieldItemInput,
  profileFieldItemInput,
} from '../../../contracts/profile-fields';
import { inLanguage } from '../../../contracts/texts';
import { SubmitButton } from '../../components/forms/submit-button';
import { type AppForm, useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { SortableList } from '../../components/sortable/sortable-list';
import {
  profileFieldKeys,
  profileFieldListQuery,
  saveProfileFieldItemOrder,
  useAddProfileFieldItem,
  useDeleteProfileFieldItem,
  useRenameProfileFieldItem,
} from './api';

/** An item as the list shows it: its label in the reader's language, the other language below. */
type Entry = { id: string; label: string; other: string; item: ProfileFieldItem };
type Dialog = { kind: 'rename'; item: Entry } | { kind: 'delete'; item: Entry } | null;

/**
 * U5: the items of a single- or multiple-choice field (the spec's related items): added at the end, renamed in
 * French and English, deleted after confirming (the participants who chose one lose it), sorted by drag or keyboard
 * (P11). The field is read from the project's list, so the editor shows what the server saved.
 */
export function ProfileFieldItemsModal({
  projectId,
  fieldId,
  onClose,
}: {
  projectId: string;
  fieldId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const queryClient = useQueryClient();
  const query = useQuery(profileFieldListQuery(projectId));
  const field = query.data?.items.find((f) => f.id === fieldId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteProfileFieldItem(projectId, fieldId);
  const add = useAddProfileFieldItem(projectId, fieldId);
  const addForm = useAppForm({
    schema: profileFieldItemInput,
    initialValues: { label: { fr: '', en: '' } },
    submit: (body) => add.mutateAsync(body.label),
    successMessage: t('profileFields.items.added'),
    onSaved: () => addForm.form.reset(),
  });

  const entries = useMemo<Entry[]>(
    () =>
      (field?.items ?? []).map((item) => ({
        id: item.id,
        item,
        label: inLanguage(item.label, language),
        other: item.label[language === 'fr' ? 'en' : 'fr'],
      })),
    [field, language],
  );
  const name = field ? inLanguage(field.title, language) : '';
  const full = entries.length >= FIELD_ITEMS_MAX;

  return (
    <AppModal
      opened
      onClose={onClose}
      title={t('profileFields.items.editorTitle', { name })}
      size="lg"
      dirty={addForm.dirty}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('profileFields.items.hint')}
        </Text>
        <SortableList
          label={t('profileFields.items.listLabel')}
          items={entries}
          emptyText={t('profileFields.items.empty')}
          onSave={(order) => saveProfileFieldItemOrder(projectId, fieldId, order.items)}
          onReload={() => queryClient.invalidateQueries({ queryKey: profileFieldKeys.list(projectId) })}
          renderItem={(item) => (
            <Group justify="space-between" wrap="nowrap" data-testid="profile-field-item">
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={500} truncate data-testid="profile-field-item-label">
                  {item.label}
                </Text>
                {item.other && item.other !== item.label && (
                  <Text size="xs" c="dimmed" truncate>
                    {item.other}
                  </Text>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('profileFields.items.renameNamed', { name: item.label })}
                  onClick={() => setDialog({ kind: 'rename', item })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('profileFields.items.deleteNamed', { name: item.label })}
                  onClick={() => setDialog({ kind: 'delete', item })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          )}
        />
        <form onSubmit={addForm.onSubmit} noValidate>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <LabelInputs app={addForm} autofocus />
            <SubmitButton loading={addForm.submitting} disabled={full} leftSection={<IconPlus size={16} />}>
              {t('profileFields.items.add')}
            </SubmitButton>
          </Group>
        </form>
      </Stack>

      {dialog?.kind === 'rename' && (
        <RenameItemModal
          projectId={projectId}
          fieldId={fieldId}
          item={dialog.item.item}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t('profileFields.items.deleteTitle')}
          confirmLabel={t('common.delete')}
          loading={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.item.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('profileFields.items.deleted') });
                setDialog(null);
              },
              // The popup says why (an active field keeps one item); the confirmation closes.
              onError: () => setDialog(null),
            })
          }
        >
          {t('profileFields.items.deleteBody', { name: dialog.item.label })}
        </ConfirmModal>
      )}
    </AppModal>
  );
}

/** An item's label in French and in English, side by side. */
function LabelInputs({
  app,
  autofocus = false,
}: {
  app: Pick<AppForm<ProfileFieldItemInput>, 'field'>;
  autofocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        style={{ flex: 1 }}
        label={t('profileFields.items.labelFr')}
        maxLength={ITEM_LABEL_MAX}
        data-autofocus={autofocus || undefined}
        {...app.field('label.fr')}
      />
      <TextInput
        style={{ flex: 1 }}
        label={t('profileFields.items.labelEn')}
        maxLength={ITEM_LABEL_MAX}
        {...app.field('label.en')}
      />
    </>
  );
}

function RenameItemModal({
  projectId,
  fieldId,
  item,
  onClose,
}: {
  projectId: string;
  fieldId: string;
  item: ProfileFieldItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameProfileFieldItem(projectId, fieldId);
  const app = useAppForm({
    schema: profileFieldItemInput,
    initialValues: { label: { ...item.label } },
    submit: (body) => rename.mutateAsync({ itemId: item.id, label: body.label }),
    successMessage: t('profileFields.items.renamed'),
    onSaved: onClose,
  });
  return (
    <AppModal opened onClose={onClose} title={t('profileFields.items.renameTitle')} dirty={app.dirty}>
      <form onSubmit={app.onSubmit} noValidate>
        <Stack>
          <LabelInputs app={app} autofocus />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={app.submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
