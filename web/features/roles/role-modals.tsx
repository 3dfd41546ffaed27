import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE_NAME_MAX, type Role, roleInput } from '../../../contracts/roles';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { useDeleteRole, useSaveRole } from './api';

/** J4: create a role, or rename one: its name in French and in English. */
export function RoleFormModal({
  projectId,
  role,
  onClose,
}: {
  projectId: string;
  role: Role | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRole(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: roleInput,
    initialValues: { name: role ? { ...role.name } : { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ roleId: role?.id ?? null, body }),
    successMessage: t(role ? 'roles.notifications.saved' : 'roles.notifications.created'),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(role ? 'roles.editTitle' : 'roles.createTitle')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('roles.fields.nameFr')}
            required
            maxLength={ROLE_NAME_MAX}
            data-autofocus
            {...field('name.fr')}
          />
          <TextInput
            label={t('roles.fields.nameEn')}
            required
            maxLength={ROLE_NAME_MAX}
            {...field('name.en')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{role ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/**
 * J4: delete a role, with confirmation. A role that participants have asks where they go: another role of the
 * project, chosen in a select; without another role it cannot be deleted.
 */
export function RoleDeleteModal({
  projectId,
  role,
  others,
  nameOf,
  isDefault,
  onClose,
}: {
  projectId: string;
  role: Role;
  others: Role[];
  nameOf: (role: Role) => string;
  /** The project's default role or default persona role: the project will have none after. */
  isDefault: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteRole(projectId);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const used = role.participantCount > 0;
  const count = role.participantCount;
  return (
    <ConfirmModal
      opened
      danger
      title={t('roles.deleteTitle')}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      confirmDisabled={used && !moveTo}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(
          { roleId: role.id, moveTo: used ? moveTo : null },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('roles.notifications.deleted') });
              onClose();
            },
          },
        )
      }
    >
      <Stack>
        <Text size="sm">{t('roles.deleteBody', { name: nameOf(role) })}</Text>
        {isDefault && <Text size="sm">{t('roles.deleteDefault')}</Text>}
        {used && (
          <>
            <Text size="sm">{t('roles.inUse', { count })}</Text>
            {others.length > 0 ? (
              <Select
                label={t('roles.moveTo', { count })}
                placeholder={t('roles.moveToPlaceholder')}
                data={others.map((r) => ({ value: r.id, label: nameOf(r) }))}
                value={moveTo}
                onChange={setMoveTo}
                comboboxProps={{ withinPortal: true }}
                required
                // The delete button stays disabled until a role is chosen: the focus starts here, not on it.
                data-autofocus
              />
            ) : (
              <Text size="sm" c="red">
                {t('roles.noOtherRole')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </ConfirmModal>
  );
}
