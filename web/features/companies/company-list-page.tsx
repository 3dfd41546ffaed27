import { ActionIcon, Badge, Button, Group, Menu, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconDots, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../contracts/companies';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { companyListQuery, useArchiveCompany } from './api';
import { CompanyDeleteModal } from './company-delete-modal';
import { CompanyFormModal } from './company-form-modal';

type Dialog =
  | { kind: 'edit'; company: Company | 'new' }
  | { kind: 'archive' | 'delete'; company: Company }
  | null;

/** A3: the companies of the platform, for the super-admin. */
export function CompanyListPage() {
  const { t } = useTranslation();
  usePageTitle(t('companies.title'));
  const { date, number } = useFormat();
  const search = useSearch({ from: '/app/admin/companies' });
  const navigate = useNavigate({ from: '/admin/companies' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const archive = useArchiveCompany();
  const list = useQuery(companyListQuery({ ...listQueryOf(search), status: search.status ?? 'active' }));

  const columns: Column<Company>[] = [
    {
      key: 'name',
      header: t('companies.fields.name'),
      sortKey: 'name',
      render: (c) => (
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {c.name}
          </Text>
          {c.isDemo && (
            <Badge size="xs" variant="light" color="grape">
              {t('companies.demoBadge')}
            </Badge>
          )}
          {c.archivedAt && (
            <Badge size="xs" variant="light" color="gray">
              {t('companies.archivedBadge')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'contactEmail', header: t('companies.fields.contactEmail'), render: (c) => c.contactEmail ?? '—' },
    {
      key: 'projectCount',
      header: t('companies.fields.projectCount'),
      sortKey: 'projectCount',
      align: 'right',
      render: (c) => number(c.projectCount),
    },
    {
      key: 'userCount',
      header: t('companies.fields.userCount'),
      align: 'right',
      render: (c) => number(c.userCount),
    },
    {
      key: 'createdAt',
      header: t('companies.fields.createdAt'),
      sortKey: 'createdAt',
      render: (c) => date(c.createdAt),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (c) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.actions')} — ${c.name}`}
              onClick={(e) => e.stopPropagation()}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item
              leftSection={<IconPencil size={14} />}
              onClick={() => setDialog({ kind: 'edit', company: c })}
            >
              {t('common.edit')}
            </Menu.Item>
            {c.archivedAt ? (
              <Menu.Item
                leftSection={<IconRestore size={14} />}
                onClick={() =>
                  archive.mutate(
                    { companyId: c.id, archived: false },
                    {
                      onSuccess: () =>
                        notifications.show({ color: 'teal', message: t('companies.notifications.restored') }),
                    },
                  )
                }
              >
                {t('companies.restore')}
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconArchive size={14} />}
                onClick={() => setDialog({ kind: 'archive', company: c })}
              >
                {t('companies.archive')}
              </Menu.Item>
            )}
            <Menu.Item
              color="red"
              // Mantine draws a coloured item in shade 6 (red-6 on white: 3.28:1); the light variant's text reads.
              c="var(--mantine-color-red-light-color)"
              leftSection={<IconTrash size={14} />}
              onClick={() => setDialog({ kind: 'delete', company: c })}
            >
              {t('common.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('companies.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ kind: 'edit', company: 'new' })}
        >
          {t('companies.create')}
        </Button>
      </Group>
      <DataTable
        label={t('companies.title')}
        columns={columns}
        {...bindListTable(list, search, navigate as never)}
        getRowId={(c) => c.id}
        onRowClick={(c) => setDialog({ kind: 'edit', company: c })}
        emptyText={t('companies.empty')}
        filters={
          <ListFilter
            label={t('companies.statusFilter')}
            options={(['active', 'archived', 'all'] as const).map((s) => ({
              value: s,
              label: t(`companies.status.${s}`),
            }))}
            value={search.status}
            onChange={(status) =>
              void navigate({
                search: (prev) => ({
                  ...prev,
                  status: status === 'active' ? undefined : status,
                  page: undefined,
                }),
              })
            }
            testId="status-filter"
          />
        }
      />
      {dialog?.kind === 'edit' && (
        <CompanyFormModal company={dialog.company} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <CompanyDeleteModal company={dialog.company} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'archive' && (
        <ConfirmModal
          opened
          title={t('companies.archiveTitle')}
          confirmLabel={t('companies.archive')}
          onCancel={() => setDialog(null)}
          loading={archive.isPending}
          onConfirm={() =>
            archive.mutate(
              { companyId: dialog.company.id, archived: true },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: t('companies.notifications.archived') });
                  setDialog(null);
                },
              },
            )
          }
        >
          {t('companies.archiveBody', { name: dialog.company.name })}
        </ConfirmModal>
      )}
    </>
  );
}
