import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StandardValue } from '../../../contracts/questions';
import { ConfirmModal } from '../../components/modal/app-modal';
import { SortableList } from '../../components/sortable/sortable-list';
import { useQuestionEdits } from './api';
import { useAudienceOptions } from './audience-tab';
import type { QuestionTabProps } from './question-edit-page';

/**
 * Q1 standard values: a choice ticked by default, for everyone or for a role or a group, for participants who have
 * not answered; ordered (a single-choice question takes the first that fits).
 */
export function StandardValuesTab({ projectId, question }: QuestionTabProps) {
  const { t, i18n } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const { roleNames, groupNames } = useAudienceOptions(projectId);
  const [choiceId, setChoiceId] = useState<string | null>(null);
  const [target, setTarget] = useState<string>('everyone');
  const [deleting, setDeleting] = useState<StandardValue | null>(null);
  const english = i18n.language === 'en';
  const choiceName = new Map(question.choices.map((c) => [c.id, english ? c.label.en : c.label.fr]));
  const targetName = (v: Pick<StandardValue, 'roleId' | 'groupId'>) =>
    v.roleId
      ? t('questions.standardValues.forRole', { name: roleNames.get(v.roleId) ?? '…' })
      : v.groupId
        ? t('questions.standardValues.forGroup', { name: groupNames.get(v.groupId) ?? '…' })
        : t('questions.standardValues.forEveryone');
  const targets = [
    { value: 'everyone', label: t('questions.standardValues.forEveryone') },
    ...[...roleNames].map(([id, name]) => ({
      value: `role:${id}`,
      label: t('questions.standardValues.forRole', { name }),
    })),
    ...[...groupNames].map(([id, name]) => ({
      value: `group:${id}`,
      label: t('questions.standardValues.forGroup', { name }),
    })),
  ];
  const items = question.standardValues.map((v) => ({
    ...v,
    label: `${choiceName.get(v.choiceId) ?? ''} · ${targetName(v)}`,
  }));
  const add = () => {
    if (!choiceId) return;
    const [kind, id] = target.split(':');
    void edits.addStandardValue
      .mutateAsync({ choiceId, roleId: kind === 'role' ? id : null, groupId: kind === 'group' ? id : null })
      .then(() => setChoiceId(null));
  };

  return (
    <Stack maw={720}>
      <Text size="sm" c="dimmed">
        {t('questions.standardValues.intro')}
      </Text>
      {question.choices.length === 0 ? (
        <Text>{t('questions.standardValues.noChoices')}</Text>
      ) : (
        <Group align="flex-end">
          <Select
            label={t('questions.standardValues.choice')}
            data={question.choices.map((c) => ({ value: c.id, label: choiceName.get(c.id) ?? '' }))}
            value={choiceId}
            onChange={setChoiceId}
            searchable
            w={260}
          />
          <Select
            label={t('questions.standardValues.target')}
            data={targets}
            value={target}
            onChange={(v) => setTarget(v ?? 'everyone')}
            allowDeselect={false}
            w={260}
          />
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!choiceId}
            loading={edits.addStandardValue.isPending}
            onClick={add}
          >
            {t('questions.standardValues.add')}
          </Button>
        </Group>
      )}
      <SortableList
        label={t('questions.edition.tabs.standardValues')}
        items={items}
        emptyText={t('questions.standardValues.empty')}
        onSave={(order) => edits.reorderStandardValues.mutateAsync(order.items)}
        renderItem={(item) => (
          <Group justify="space-between" wrap="nowrap">
            <Text>{item.label}</Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('questions.standardValues.deleteNamed', { name: item.label })}
              onClick={() => setDeleting(item)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      />
      {deleting && (
        <ConfirmModal
          opened
          danger
          title={t('questions.standardValues.deleteTitle')}
          confirmLabel={t('common.delete')}
          loading={edits.deleteStandardValue.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            edits.deleteStandardValue.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
          }
        >
          {t('questions.standardValues.deleteText', {
            name: choiceName.get(deleting.choiceId),
            target: targetName(deleting),
          })}
        </ConfirmModal>
      )}
    </Stack>
  );
}
