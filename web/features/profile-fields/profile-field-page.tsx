import { ActionIcon, Badge, Button, Group, Loader, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListDetails, IconLock, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isChoiceType,
  PROFILE_FIELD_SWITCHES,
  type ProfileField,
  type ProfileFieldSwitch,
} from '../../../contracts/profile-fields';
import { inLanguage } from '../../../contracts/texts';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { ConfirmModal } from '../../components/modal/app-modal';
import { SortableList } from '../../components/sortable/sortable-list';
import { usePageTitle } from '../../lib/page-title';
import {
  profileFieldKeys,
  profileFieldListQuery,
  saveProfileFieldOrder,
  useDeleteProfileField,
  useSetProfileFieldSwitch,
} from './api';
import { ProfileFieldItemsModal } from './profile-field-items';
import { ProfileFieldModal } from './profile-field-modal';

type Entry = ProfileField & { label: string };
type Dialog =
  | { kind: 'edit'; field: Entry | null }
  | { kind: 'delete'; field: Entry }
  | { kind: 'items'; field: Entry }
  | null;

/** Switches that a locked field (first name, last name, e-mail) keeps on. */
const LOCKED_SWITCHES: readonly ProfileFieldSwitch[] = ['isActive', 'isMandatory'];

/**
 * U5: the participant profile fields of a project: the standard ones and the organiser's own, each with its
 * switches (saved at once), renamed in French and English, sorted by drag or keyboard (P11); the organiser's own
 * are added and deleted here, and a single- or multiple-choice field's items are edited from its row.
 */
export function ProfileFieldPage() {
  const { projectId } = useParams({ from: '/app/projects/$projectId/profile-fields' });
  return <ProfileFields key={projectId} projectId={projectId} />;
}

function ProfileFields({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  usePageTitle(t('profileFields.title'));
  const queryClient = useQueryClient();
  const query = useQuery(profileFieldListQuery(projectId));
  const setSwitch = useSetProfileFieldSwitch(projectId);
  const deleteField = useDeleteProfileField(projectId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const language = i18n.language === 'en' ? 'en' : 'fr';

  const entries = useMemo<Entry[]>(
    () => (query.data?.items ?? []).map((f) => ({ ...f, label: inLanguage(f.title, language) })),
    [query.data, language],
  );

  function toggle(field: Entry, name: ProfileFieldSwitch, value: boolean) {
    setSwitch.mutate(
      { profileFieldId: field.id, name, value },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(
              value ? 'profileFields.notifications.switchOn' : 'profileFields.notifications.switchOff',
              {
                switch: t(`profileFields.switches.${name}`),
                name: field.label,
              },
            ),
          }),
      },
    );
  }

  return (
    <Stack maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('profileFields.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'edit', field: null })}>
          {t('profileFields.create')}
        </Button>
      </Group>
      <Text c="dimmed">{t('profileFields.intro')}</Text>

      {query.isPending ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Group>
          <Text>{t('errors.unexpected')}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : (
        <SortableList
          label={t('profileFields.listLabel')}
          items={entries}
          emptyText={t('profileFields.empty')}
          onSave={(order) => saveProfileFieldOrder(projectId, order.items)}
          onReload={() => queryClient.invalidateQueries({ queryKey: profileFieldKeys.list(projectId) })}
          renderItem={(field) => (
            // On a narrow screen the switches go under the title instead of squeezing it out of sight.
            <Group justify="space-between" gap="sm" data-testid="profile-field" data-field-id={field.id}>
              <Stack gap={2} style={{ minWidth: 180, flex: '1 1 220px' }}>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} data-testid="profile-field-title" truncate>
                    {field.label}
                  </Text>
                  {field.isLocked && (
                    <Tooltip label={t('profileFields.lockedHint')}>
                      <IconLock size={14} aria-label={t('profileFields.lockedHint')} />
                    </Tooltip>
                  )}
                </Group>
                <Group gap={4}>
                  {field.standardKey && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('profileFields.standardBadge')}
                    </Badge>
                  )}
                  <Badge size="xs" variant="outline">
                    {t(`profileFields.inputTypes.${field.inputType}`)}
                  </Badge>
                  {isChoiceType(field.inputType) && (
                    <Badge
                      size="xs"
                      variant="light"
                      color={field.items.length ? 'blue' : 'red'}
                      data-testid="profile-field-item-count"
                    >
                      {t('profileFields.items.count', { count: field.items.length })}
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Group gap="md">
                {PROFILE_FIELD_SWITCHES.map((name) => {
                  const locked = field.isLocked && LOCKED_SWITCHES.includes(name);
                  return (
                    <Switch
                      key={name}
                      size="xs"
                      label={t(`profileFields.switches.${name}`)}
                      aria-label={t('profileFields.switchFor', {
                        switch: t(`profileFields.switches.${name}`),
                        name: field.label,
                      })}
                      checked={field[name]}
                      disabled={locked}
                      onChange={(event) => toggle(field, name, event.currentTarget.checked)}
                    />
                  );
                })}
                {/* A fixed width keeps the switches of every row in line, whatever buttons the row has. */}
                <Group gap={4} wrap="nowrap" w={92} justify="flex-end">
                  {isChoiceType(field.inputType) && (
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('profileFields.items.editNamed', { name: field.label })}
                      onClick={() => setDialog({ kind: 'items', field })}
                    >
                      <IconListDetails size={16} />
                    </ActionIcon>
                  )}
                  <EditDeleteActions
                    editLabel={t('profileFields.editNamed', { name: field.label })}
                    deleteLabel={t('profileFields.deleteNamed', { name: field.label })}
                    onEdit={() => setDialog({ kind: 'edit', field })}
                    onDelete={field.standardKey ? undefined : () => setDialog({ kind: 'delete', field })}
                  />
                </Group>
              </Group>
            </Group>
          )}
        />
      )}

      {dialog?.kind === 'edit' && (
        <ProfileFieldModal projectId={projectId} field={dialog.field} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'items' && (
        <ProfileFieldItemsModal
          projectId={projectId}
          fieldId={dialog.field.id}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t('profileFields.deleteTitle')}
          confirmLabel={t('common.delete')}
          loading={deleteField.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            deleteField.mutate(dialog.field.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('profileFields.notifications.deleted') });
                setDialog(null);
              },
            })
          }
        >
          {t('profileFields.deleteBody', { name: dialog.field.label })}
        </ConfirmModal>
      )}
    </Stack>
  );
}
