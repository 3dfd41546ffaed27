import { ActionIcon } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMayWrite } from '../access/write-access';

/**
 * The edit and delete buttons of a row (a role, a group, a field…), each labelled with the row's name for screen
 * readers. Without `onDelete` (a row that cannot be deleted) only the edit button shows. A read-only user (A4) sees
 * neither: the page says why in its banner (app-layout.tsx).
 */
export function EditDeleteActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const mayWrite = useMayWrite();
  if (!mayWrite) return null;
  return (
    <>
      <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      {onDelete && (
        <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </>
  );
}
