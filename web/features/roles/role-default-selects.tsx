import { Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Role, RoleList } from '../../../contracts/roles';
import { useSetRoleDefaults } from './api';

/**
 * J4 / V2: the project's default role and default persona role, each saved as soon as it is chosen. The roles page
 * and the activities' configuration show the same two selects (one endpoint, one behaviour).
 */
export function RoleDefaultSelects({
  projectId,
  list,
  nameOf,
}: {
  projectId: string;
  list: RoleList;
  nameOf: (role: Role) => string;
}) {
  const { t } = useTranslation();
  const save = useSetRoleDefaults(projectId);
  const data = list.items.map((role) => ({ value: role.id, label: nameOf(role) }));
  const choose = (field: 'defaultRoleId' | 'defaultPersonaRoleId', value: string | null) => {
    if (value === list[field]) return;
    save.mutate(
      { defaultRoleId: list.defaultRoleId, defaultPersonaRoleId: list.defaultPersonaRoleId, [field]: value },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t('roles.notifications.defaultsSaved') }),
      },
    );
  };
  return (
    <Group grow align="flex-start">
      <Select
        label={t('roles.defaultRole')}
        description={t('roles.defaultRoleHint')}
        placeholder={t('roles.none')}
        data={data}
        value={list.defaultRoleId}
        onChange={(value) => choose('defaultRoleId', value)}
        clearable
        clearButtonProps={{ 'aria-label': t('roles.clearDefault') }}
        data-testid="default-role"
      />
      <Select
        label={t('roles.defaultPersonaRole')}
        description={t('roles.defaultPersonaRoleHint')}
        placeholder={t('roles.none')}
        data={data}
        value={list.defaultPersonaRoleId}
        onChange={(value) => choose('defaultPersonaRoleId', value)}
        clearable
        clearButtonProps={{ 'aria-label': t('roles.clearDefault') }}
        data-testid="default-persona-role"
      />
    </Group>
  );
}
