import { Badge, Button, Group, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PairingRule, pairingRuleInput, RULE_KINDS } from '../../../contracts/match-groups';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { groupsQuery, rulesQuery, useDeleteRule, useSaveRule } from './api';

/** M2: the pairing's rules (group A meets / never meets group B) with the edit modal (use for planned). */
export function RulesPanel({ projectId, pairingId }: { projectId: string; pairingId: string }) {
  const { t } = useTranslation();
  const rules = useQuery(rulesQuery(projectId, pairingId));
  const groups = useQuery(groupsQuery(projectId, pairingId));
  const [editing, setEditing] = useState<PairingRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PairingRule | null>(null);
  const remove = useDeleteRule(projectId, pairingId);
  const items = rules.data?.items ?? [];
  const sentence = (r: PairingRule) =>
    t('pairings.rules.sentence', {
      a: r.groupA.name,
      kind: t(`pairings.rules.kinds.${r.kind}`),
      b: r.groupB.name,
    });
  const hasGroups = (groups.data?.items.length ?? 0) > 0;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="rules-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="rules-title">
          {t('pairings.rules.title')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!hasGroups}
          onClick={() => setEditing('new')}
        >
          {t('pairings.rules.add')}
        </Button>
      </Group>
      {!hasGroups && groups.data && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('pairings.rules.needsGroups')}
        </Text>
      )}
      {rules.data && items.length === 0 ? (
        <Text size="sm">{t('pairings.rules.empty')}</Text>
      ) : (
        <Table striped aria-label={t('pairings.rules.title')}>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id} data-testid="pairing-rule">
                <Table.Td>{sentence(r)}</Table.Td>
                <Table.Td>
                  {r.useForPlanned && (
                    <Badge size="xs" variant="light">
                      {t('pairings.rules.planned')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <EditDeleteActions
                    editLabel={`${t('pairings.rules.edit')} — ${sentence(r)}`}
                    deleteLabel={`${t('pairings.rules.delete')} — ${sentence(r)}`}
                    onEdit={() => setEditing(r)}
                    onDelete={() => setDeleting(r)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <RuleFormModal
          projectId={projectId}
          pairingId={pairingId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          danger
          title={t('pairings.rules.deleteTitle')}
          confirmLabel={t('pairings.rules.deleteConfirm')}
          loading={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('pairings.rules.deleted') });
                setDeleting(null);
              },
            })
          }
        >
          {t('pairings.rules.deleteBody', { rule: sentence(deleting) })}
        </ConfirmModal>
      )}
    </Paper>
  );
}

function RuleFormModal({
  projectId,
  pairingId,
  rule,
  onClose,
}: {
  projectId: string;
  pairingId: string;
  rule: PairingRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery(projectId, pairingId));
  const save = useSaveRule(projectId, pairingId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: pairingRuleInput,
    initialValues: {
      groupAId: rule?.groupA.id ?? '',
      groupBId: rule?.groupB.id ?? '',
      kind: rule?.kind ?? 'never',
      useForPlanned: rule?.useForPlanned ?? false,
    },
    submit: (body) => save.mutateAsync({ ruleId: rule?.id ?? null, body }),
    successMessage: t('pairings.rules.saved'),
    onSaved: onClose,
  });
  const data = (groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }));
  return (
    <AppModal
      opened
      onClose={onClose}
      dirty={dirty}
      title={rule ? t('pairings.rules.editTitle') : t('pairings.rules.addTitle')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Select
            label={t('pairings.rules.groupA')}
            required
            data={data}
            allowDeselect={false}
            {...field('groupAId')}
          />
          <Select
            label={t('pairings.rules.kind')}
            required
            allowDeselect={false}
            data={RULE_KINDS.map((k) => ({ value: k, label: t(`pairings.rules.kinds.${k}`) }))}
            {...field('kind')}
          />
          <Select
            label={t('pairings.rules.groupB')}
            required
            data={data}
            allowDeselect={false}
            {...field('groupBId')}
          />
          <Switch
            label={t('pairings.rules.useForPlanned')}
            {...field('useForPlanned', { type: 'checkbox' })}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{rule ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
