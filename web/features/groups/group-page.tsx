import {
  Accordion,
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Loader,
  Paper,
  Group as Row,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsSort, IconCategoryPlus, IconCheck, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group, GroupCategory, GroupTree } from '../../../contracts/groups';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { ConfirmModal } from '../../components/modal/app-modal';
import { SortableList } from '../../components/sortable/sortable-list';
import { usePageTitle } from '../../lib/page-title';
import { groupKeys, groupTreeQuery, saveGroupOrder, useDeleteCategory, useDeleteGroup } from './api';
import { CategoryModal, GroupModal } from './group-modals';
import { MembersModal } from './members-panel';
import { nameIn } from './names';

type Dialog =
  | { kind: 'category'; category: GroupCategory | null }
  | { kind: 'group'; group: Group | null; categoryId: string }
  | { kind: 'deleteCategory'; category: GroupCategory }
  | { kind: 'deleteGroup'; group: Group }
  | { kind: 'members'; group: Group }
  | null;

/** U4: the groups of the project, by category (an accordion), with their members. */
export function GroupPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ from: '/app/projects/$projectId/groups' });
  const query = useQuery(groupTreeQuery(projectId));
  usePageTitle(t('groups.title'));

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('groups.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('groups.intro')}
      </Text>
      {query.data ? (
        <GroupEditor projectId={projectId} tree={query.data} />
      ) : query.isPending ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <Row>
          <Text>{t('errors.unexpected')}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Row>
      )}
    </Stack>
  );
}

function GroupEditor({ projectId, tree }: { projectId: string; tree: GroupTree }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [sorting, setSorting] = useState(false);
  const [closed, setClosed] = useState<string[]>([]);
  const deleteCategory = useDeleteCategory(projectId);
  const deleteGroup = useDeleteGroup(projectId);
  const language = i18n.language;
  const categories = tree.categories;
  const close = () => setDialog(null);

  const sortable = useMemo(
    () =>
      categories.map((c) => ({
        ...c,
        label: nameIn(c.name, language),
        items: c.groups.map((g) => ({ ...g, label: nameIn(g.name, language) })),
      })),
    [categories, language],
  );

  const groupRow = (group: Group) => {
    const name = nameIn(group.name, language);
    return (
      <Row key={group.id} justify="space-between" wrap="nowrap" data-testid="group-row">
        <Row gap="sm" wrap="nowrap">
          <Anchor component="button" type="button" onClick={() => setDialog({ kind: 'members', group })}>
            <span data-testid="group-name">{name}</span>
          </Anchor>
          <Badge
            variant="light"
            color="gray"
            style={{ minWidth: 'max-content' }}
            data-testid="group-member-count"
          >
            {t('groups.memberCount', { count: group.memberCount })}
          </Badge>
        </Row>
        <Row gap={4} wrap="nowrap">
          <EditDeleteActions
            editLabel={t('groups.editNamed', { name })}
            deleteLabel={t('groups.deleteNamed', { name })}
            onEdit={() => setDialog({ kind: 'group', group, categoryId: group.categoryId })}
            onDelete={() => setDialog({ kind: 'deleteGroup', group })}
          />
        </Row>
      </Row>
    );
  };

  return (
    <>
      <Row justify="flex-end" gap="xs">
        {categories.length > 0 && (
          <Button
            variant={sorting ? 'filled' : 'default'}
            leftSection={sorting ? <IconCheck size={16} /> : <IconArrowsSort size={16} />}
            onClick={() => setSorting((s) => !s)}
          >
            {sorting ? t('groups.reorderDone') : t('groups.reorder')}
          </Button>
        )}
        {!sorting && (
          <Button
            leftSection={<IconCategoryPlus size={16} />}
            onClick={() => setDialog({ kind: 'category', category: null })}
          >
            {t('groups.addCategory')}
          </Button>
        )}
      </Row>

      {categories.length === 0 && <Text c="dimmed">{t('groups.empty')}</Text>}

      {sorting ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('groups.reorderHint')}
          </Text>
          <SortableList
            label={t('groups.reorderLabel')}
            items={[]}
            itemsNeedCategory
            categories={sortable}
            onSave={(order) => saveGroupOrder(projectId, order)}
            onReload={() => queryClient.invalidateQueries({ queryKey: groupKeys.all(projectId) })}
            renderCategory={(category) => (
              <Text fw={600} data-testid="sortable-category-name">
                {category.label}
              </Text>
            )}
            renderItem={(item) => <Text data-testid="sortable-group-name">{item.label}</Text>}
          />
        </Stack>
      ) : (
        categories.length > 0 && (
          <Accordion
            multiple
            variant="separated"
            value={categories.map((c) => c.id).filter((id) => !closed.includes(id))}
            onChange={(open) => setClosed(categories.map((c) => c.id).filter((id) => !open.includes(id)))}
          >
            {categories.map((category) => {
              const name = nameIn(category.name, language);
              return (
                <Accordion.Item key={category.id} value={category.id} data-testid="group-category">
                  <Row wrap="nowrap" gap={4} pr="sm">
                    <Accordion.Control>
                      <Row gap="sm">
                        <Text fw={600} data-testid="group-category-name">
                          {name}
                        </Text>
                        <Badge variant="light">
                          {t('groups.groupCount', { count: category.groups.length })}
                        </Badge>
                      </Row>
                    </Accordion.Control>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('groups.addGroupTo', { name })}
                      onClick={() => setDialog({ kind: 'group', group: null, categoryId: category.id })}
                    >
                      <IconPlus size={16} />
                    </ActionIcon>
                    <EditDeleteActions
                      editLabel={t('groups.editNamed', { name })}
                      deleteLabel={t('groups.deleteNamed', { name })}
                      onEdit={() => setDialog({ kind: 'category', category })}
                      onDelete={() => setDialog({ kind: 'deleteCategory', category })}
                    />
                  </Row>
                  <Accordion.Panel>
                    {category.groups.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('groups.emptyCategory')}
                      </Text>
                    ) : (
                      <Paper>
                        <Stack gap="xs">{category.groups.map(groupRow)}</Stack>
                      </Paper>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )
      )}

      {dialog?.kind === 'category' && (
        <CategoryModal projectId={projectId} category={dialog.category} onClose={close} />
      )}
      {dialog?.kind === 'group' && (
        <GroupModal
          projectId={projectId}
          group={dialog.group}
          categoryId={dialog.categoryId}
          categories={categories}
          onClose={close}
        />
      )}
      {dialog?.kind === 'members' && (
        <MembersModal projectId={projectId} group={dialog.group} onClose={close} />
      )}
      {dialog?.kind === 'deleteCategory' && (
        <ConfirmModal
          opened
          danger
          title={t('groups.delete.categoryTitle')}
          confirmLabel={t('common.delete')}
          loading={deleteCategory.isPending}
          onCancel={close}
          onConfirm={() =>
            deleteCategory.mutate(dialog.category.id, {
              onSuccess: () =>
                notifications.show({ color: 'teal', message: t('groups.notifications.categoryDeleted') }),
              // Refused (it still has groups): the error popup gives the server's reason.
              onSettled: close,
            })
          }
        >
          {t('groups.delete.categoryBody', { name: nameIn(dialog.category.name, language) })}
        </ConfirmModal>
      )}
      {dialog?.kind === 'deleteGroup' && (
        <ConfirmModal
          opened
          danger
          title={t('groups.delete.groupTitle')}
          confirmLabel={t('common.delete')}
          loading={deleteGroup.isPending}
          onCancel={close}
          onConfirm={() =>
            deleteGroup.mutate(dialog.group.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('groups.notifications.groupDeleted') });
                close();
              },
            })
          }
        >
          {dialog.group.memberCount > 0
            ? t('groups.delete.groupWithMembers', {
                name: nameIn(dialog.group.name, language),
                count: dialog.group.memberCount,
              })
            : t('groups.delete.groupBody', { name: nameIn(dialog.group.name, language) })}
        </ConfirmModal>
      )}
    </>
  );
}
