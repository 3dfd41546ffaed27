import { Badge, Button, Group, Loader, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActivityTable,
  type ActivityTableList,
  activityTableCounts,
  TABLE_COUNT_MAX,
} from '../../../contracts/activity-tables';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { AnchorTo, ButtonTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useLocalizedName } from '../activities/localized-name';
import { tableListQuery, useSetTableCounts } from './api';
import { TableFormModal } from './table-form-modal';

const ROUTE = '/app/projects/$projectId/activities/categories/$categoryId/tables';

/**
 * J7: the tables of a meeting category: the standard and VIP counts (saved together, the button shown once a count
 * changed), the list of tables with their assigned counts, and the add and edit modal.
 */
export function ActivityTablesPage() {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const { projectId, categoryId } = useParams({ from: ROUTE });
  const query = useQuery(tableListQuery(projectId, categoryId));
  const title = query.data
    ? t('activityTables.title', { category: nameOf(query.data.category.name) })
    : t('activityTables.list.title');
  usePageTitle(title);

  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/activities/configuration" params={{ projectId }} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('activityTables.back')}
        </Group>
      </AnchorTo>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        <ButtonTo
          to="/projects/$projectId/activities/categories/$categoryId/assignments"
          params={{ projectId, categoryId }}
          variant="default"
          leftSection={<IconUsers size={16} />}
        >
          {t('activityTables.toAssignments')}
        </ButtonTo>
      </Group>
      {query.isError ? (
        <Text c="red">{t('common.notFoundBody')}</Text>
      ) : !query.data ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <>
          <CountsForm
            key={`${query.data.counts.standard}-${query.data.counts.vip}`}
            projectId={projectId}
            categoryId={categoryId}
            counts={query.data.counts}
          />
          <TableList projectId={projectId} categoryId={categoryId} data={query.data} />
        </>
      )}
    </Stack>
  );
}

/** The counts of standard and VIP tables; its save button shows only once a count differs from what is saved. */
function CountsForm({
  projectId,
  categoryId,
  counts,
}: {
  projectId: string;
  categoryId: string;
  counts: { standard: number; vip: number };
}) {
  const { t } = useTranslation();
  const save = useSetTableCounts(projectId, categoryId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: activityTableCounts,
    initialValues: counts,
    submit: (body) => save.mutateAsync(body),
    successMessage: t('activityTables.counts.saved'),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="table-counts-title">
      <UnsavedChangesGuard dirty={dirty} />
      <Title order={2} size="h3" id="table-counts-title">
        {t('activityTables.counts.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('activityTables.counts.help')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-start">
          <NumberInput
            label={t('activityTables.counts.standard')}
            min={0}
            max={TABLE_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            w={180}
            {...field('standard')}
          />
          <NumberInput
            label={t('activityTables.counts.vip')}
            min={0}
            max={TABLE_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            w={180}
            {...field('vip')}
          />
          {dirty && (
            <SubmitButton loading={submitting} mt={25}>
              {t('activityTables.counts.save')}
            </SubmitButton>
          )}
        </Group>
      </form>
    </Paper>
  );
}

function TableList({
  projectId,
  categoryId,
  data,
}: {
  projectId: string;
  categoryId: string;
  data: ActivityTableList;
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const [editing, setEditing] = useState<ActivityTable | 'new' | null>(null);
  const nextNumber = data.items.reduce((max, item) => Math.max(max, item.number), 0) + 1;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="table-list-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="table-list-title">
          {t('activityTables.list.title')}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          {t('activityTables.list.add')}
        </Button>
      </Group>
      {data.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('activityTables.list.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label={t('activityTables.list.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activityTables.fields.number')}</Table.Th>
                <Table.Th>{t('activityTables.fields.name')}</Table.Th>
                <Table.Th>{t('activityTables.fields.location')}</Table.Th>
                <Table.Th>{t('activityTables.fields.kind')}</Table.Th>
                <Table.Th ta="right">{t('activityTables.fields.seats')}</Table.Th>
                <Table.Th ta="right">{t('activityTables.fields.assigned')}</Table.Th>
                <Table.Th ta="right">{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.id} data-testid="table-row">
                  <Table.Td>{number(item.number)}</Table.Td>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>{item.location}</Table.Td>
                  <Table.Td>
                    {item.vip ? (
                      <Badge color="grape" variant="light">
                        {t('activityTables.vip')}
                      </Badge>
                    ) : (
                      t('activityTables.standard')
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{number(item.seats)}</Table.Td>
                  <Table.Td ta="right">{number(item.assignedCount)}</Table.Td>
                  <Table.Td ta="right">
                    <EditDeleteActions
                      editLabel={t('activityTables.editNamed', { number: item.number })}
                      deleteLabel=""
                      onEdit={() => setEditing(item)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <TableFormModal
          projectId={projectId}
          categoryId={categoryId}
          table={editing === 'new' ? null : editing}
          nextNumber={nextNumber}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
