import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccessUser, roleLabelKey } from '../../../contracts/access';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { usePageTitle } from '../../lib/page-title';
import { AccessEditModal } from './access-edit-modal';
import { accessUsersQuery } from './api';

/** A4 Administration › Contrôle d'accès / Access control: each user's role and project scope. */
export function AccessPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('access.title'));
  const search = useSearch({ from: '/app/admin/access' });
  const navigate = useNavigate({ from: '/admin/access' });
  const list = useQuery(accessUsersQuery(listQueryOf(search)));
  const [editing, setEditing] = useState<AccessUser | null>(null);

  const scope = (u: AccessUser) => {
    if (u.role === 'administrator' || u.allProjects) return t('access.allProjects');
    if (!u.projects.length) return t('access.noProject');
    return u.projects
      .map((p) => `${i18n.language === 'en' ? p.nameEn : p.nameFr} (${t(roleLabelKey(p.role))})`)
      .join(', ');
  };
  const columns: Column<AccessUser>[] = [
    {
      key: 'name',
      header: t('access.columns.name'),
      sortKey: 'name',
      render: (u) => (
        <Group gap="xs">
          <Text size="sm" fw={500}>{`${u.firstName} ${u.lastName}`}</Text>
          {u.isSuperAdmin && (
            <Badge size="xs" variant="light" color="grape">
              {t('access.superAdmin')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'email', header: t('access.columns.email'), sortKey: 'email', render: (u) => u.email },
    {
      key: 'role',
      header: t('access.columns.role'),
      sortKey: 'role',
      render: (u) => t(roleLabelKey(u.role)),
    },
    { key: 'scope', header: t('access.columns.scope'), render: scope },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (u) => (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPencil size={14} />}
          aria-label={`${t('access.edit')} — ${u.firstName} ${u.lastName}`}
          onClick={(e) => {
            e.stopPropagation();
            setEditing(u);
          }}
        >
          {t('access.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Title order={1} size="h2" mb="xs">
        {t('access.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('access.intro')}
      </Text>
      <DataTable
        label={t('access.title')}
        columns={columns}
        {...bindListTable(list, search, navigate as never)}
        getRowId={(u) => u.id}
        onRowClick={setEditing}
        emptyText={t('access.empty')}
      />
      {editing && <AccessEditModal user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
