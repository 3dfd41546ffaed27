import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type DataTableProps } from '../../components/data-table/data-table';
import { ConfirmModal } from '../../components/modal/app-modal';

/** What the table says, translated by the caller. */
interface ListTableTexts<T> {
  label: string;
  empty: string;
  editNamed: (row: T) => string;
  deleteNamed: (row: T) => string;
  deleteTitle: string;
  deleteBody: (row: T) => string;
  deleted: string;
}

/**
 * A B2B list (the sessions, a session's requests): its toolbar above a data table whose rows end with edit and
 * delete buttons; a delete is confirmed, then notified.
 */
export function B2bListTable<T extends { id: string }>({
  toolbar,
  columns,
  table,
  texts,
  onEdit,
  remove,
}: {
  toolbar: ReactNode;
  columns: Column<T>[];
  /** The rows and the list's state (the URL's). */
  table: Pick<DataTableProps<T>, 'data' | 'isLoading' | 'error' | 'onRetry' | 'state' | 'onStateChange'>;
  texts: ListTableTexts<T>;
  onEdit: (row: T) => void;
  remove: { isPending: boolean; mutate: (id: string, callbacks: { onSuccess: () => void }) => void };
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<T | null>(null);
  const actions: Column<T> = {
    key: 'actions',
    header: t('common.actions'),
    render: (row) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" aria-label={texts.editNamed(row)} onClick={() => onEdit(row)}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={texts.deleteNamed(row)}
            onClick={() => setDeleting(row)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };

  return (
    <Stack>
      {toolbar}
      <DataTable
        label={texts.label}
        columns={[...columns, actions]}
        {...table}
        getRowId={(row) => row.id}
        emptyText={texts.empty}
      />
      <ConfirmModal
        opened={!!deleting}
        title={texts.deleteTitle}
        confirmLabel={t('common.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: texts.deleted });
              setDeleting(null);
            },
          })
        }
      >
        {deleting ? texts.deleteBody(deleting) : ''}
      </ConfirmModal>
    </Stack>
  );
}
