import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailTemplateSummary, mailTemplateSortable } from '../../../contracts/mail-templates';
import { inLanguage } from '../../../contracts/texts';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { type Column, DataTable, fromQuery } from '../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { mailTemplateListQuery, useDeleteMailTemplate } from './api';
import { TemplateFormModal } from './template-form-modal';

type Sortable = (typeof mailTemplateSortable)[number];

/**
 * C3: the message templates of a project, by name: add and edit in a modal, delete after a confirmation naming the
 * template. A tab of the e-mail page; its list state stays in the tab (search, sort, page).
 */
export function MailTemplatesTab({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const { date } = useFormat();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const [state, setState] = useState<ListState>({});
  const [editing, setEditing] = useState<MailTemplateSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MailTemplateSummary | null>(null);
  const query = { ...listQueryOf(state), sort: state.sort as Sortable | undefined };
  const list = useQuery(mailTemplateListQuery(projectId, query));

  const columns: Column<MailTemplateSummary>[] = [
    {
      key: 'name',
      header: t('mailTemplates.columns.name'),
      sortKey: 'name',
      render: (row) => <Text fw={500}>{row.name}</Text>,
    },
    {
      key: 'subject',
      header: t('mailTemplates.columns.subject'),
      render: (row) => inLanguage(row.subject, language),
    },
    {
      key: 'createdAt',
      header: t('mailTemplates.columns.createdAt'),
      sortKey: 'createdAt',
      noWrap: true,
      render: (row) => date(row.createdAt),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <EditDeleteActions
            editLabel={t('mailTemplates.editNamed', { name: row.name })}
            deleteLabel={t('mailTemplates.deleteNamed', { name: row.name })}
            onEdit={() => setEditing(row)}
            onDelete={() => setDeleting(row)}
          />
        </Group>
      ),
    },
  ];

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      {t('mailTemplates.add')}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" maw={640}>
          {t('mailTemplates.intro')}
        </Text>
        {addButton}
      </Group>
      <DataTable<MailTemplateSummary>
        label={t('mailTemplates.title')}
        columns={columns}
        {...fromQuery(list)}
        state={state}
        onStateChange={setState}
        getRowId={(row) => row.id}
        onRowClick={setEditing}
        emptyState={
          <Stack align="center" gap="sm" py="xl" data-testid="templates-empty">
            <Text c="dimmed" size="sm" ta="center" maw={480}>
              {t('mailTemplates.emptyProject')}
            </Text>
            {addButton}
          </Stack>
        }
      />
      {editing && (
        <TemplateFormModal
          projectId={projectId}
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <TemplateDeleteModal projectId={projectId} template={deleting} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}

/** C3: delete a template, once confirmed; messages already written from it keep their text. */
function TemplateDeleteModal({
  projectId,
  template,
  onClose,
}: {
  projectId: string;
  template: MailTemplateSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteMailTemplate(projectId);
  return (
    <ConfirmModal
      opened
      danger
      title={t('mailTemplates.deleteTitle')}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(template.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('mailTemplates.notifications.deleted') });
            onClose();
          },
        })
      }
    >
      {t('mailTemplates.deleteBody', { name: template.name })}
    </ConfirmModal>
  );
}
