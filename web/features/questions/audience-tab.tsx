import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditConflict } from '../../components/conflict/edit-conflict';
import { showError } from '../../components/feedback/error-dialog';
import { SortableList } from '../../components/sortable/sortable-list';
import { groupTreeQuery } from '../groups/api';
import { roleListQuery } from '../roles/api';
import { useQuestionEdits, useReloadQuestion } from './api';
import type { QuestionTabProps } from './question-edit-page';

/** Options of a select: the project's roles, or its groups under their category. */
export function useAudienceOptions(projectId: string) {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  const name = (n: { fr: string; en: string }) => (english ? n.en : n.fr);
  const roles = useQuery(roleListQuery(projectId));
  const groups = useQuery(groupTreeQuery(projectId));
  const roleNames = new Map((roles.data?.items ?? []).map((r) => [r.id, name(r.name)]));
  const groupNames = new Map(
    (groups.data?.categories ?? []).flatMap((c) => c.groups.map((g) => [g.id, name(g.name)] as const)),
  );
  return { roleNames, groupNames, loading: roles.isPending || groups.isPending };
}

/**
 * Q1 groups and roles tabs: the ordered list of who the question is asked to; nobody listed means everyone. Each
 * change (add, remove, move) is saved at once.
 */
export function AudienceTab({ projectId, question, kind }: QuestionTabProps & { kind: 'groups' | 'roles' }) {
  const { t } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const { roleNames, groupNames } = useAudienceOptions(projectId);
  const names = kind === 'roles' ? roleNames : groupNames;
  const current = kind === 'roles' ? question.roleIds : question.groupIds;
  const [adding, setAdding] = useState<string | null>(null);
  const conflict = useEditConflict({ reload: useReloadQuestion(projectId, question.id) });
  const save = (ids: string[]) =>
    edits.audience
      .mutateAsync({
        version: question.version,
        ...(kind === 'roles'
          ? { roleIds: ids, groupIds: question.groupIds }
          : { groupIds: ids, roleIds: question.roleIds }),
      })
      .catch((error: unknown) => {
        if (!conflict.onError(error)) showError(error);
        throw error;
      });
  const options = [...names.entries()]
    .filter(([id]) => !current.includes(id))
    .map(([value, label]) => ({ value, label }));
  const items = current.map((id) => ({ id, label: names.get(id) ?? '…' }));

  return (
    <Stack maw={640}>
      <Text size="sm" c="dimmed">
        {t(`questions.audience.${kind}Intro`)}
      </Text>
      {current.length === 0 && question.groupIds.length + question.roleIds.length === 0 && (
        <Text fw={600} data-testid="audience-everyone">
          {t('questions.audience.everyone')}
        </Text>
      )}
      <Group align="flex-end">
        <Select
          label={t(`questions.audience.${kind}Add`)}
          data={options}
          value={adding}
          onChange={setAdding}
          searchable
          w={320}
          nothingFoundMessage={t('questions.audience.none')}
        />
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={!adding}
          loading={edits.audience.isPending}
          onClick={() => adding && void save([...current, adding]).then(() => setAdding(null))}
        >
          {t('questions.audience.add')}
        </Button>
      </Group>
      {items.length > 0 && (
        <SortableList
          label={t(`questions.edition.tabs.${kind}`)}
          items={items}
          onSave={(order) => save(order.items)}
          renderItem={(item) => (
            <Group justify="space-between" wrap="nowrap">
              <Text>{item.label}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('questions.audience.removeNamed', { name: item.label })}
                onClick={() => void save(current.filter((id) => id !== item.id))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          )}
        />
      )}
    </Stack>
  );
}
