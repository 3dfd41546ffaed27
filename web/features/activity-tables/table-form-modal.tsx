import { Button, Group, NumberInput, Popover, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActivityTable,
  activityTableInput,
  TABLE_LOCATION_MAX,
  TABLE_NAME_MAX,
  TABLE_NUMBER_MAX,
  TABLE_SEATS_DEFAULT,
  TABLE_SEATS_MAX,
} from '../../../contracts/activity-tables';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useDeleteTable, useSaveTable } from './api';

/**
 * J7: add or edit a table (number, name, location, VIP, seats). An existing table can be deleted from here: the
 * delete button asks in a popover (spec 000 §2), saying how many participants would lose their table.
 */
export function TableFormModal({
  projectId,
  categoryId,
  table,
  nextNumber,
  onClose,
}: {
  projectId: string;
  categoryId: string;
  table: ActivityTable | null;
  nextNumber: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTable(projectId, categoryId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: activityTableInput,
    initialValues: {
      number: table?.number ?? nextNumber,
      name: table?.name ?? '',
      location: table?.location ?? '',
      vip: table?.vip ?? false,
      seats: table?.seats ?? TABLE_SEATS_DEFAULT,
    },
    submit: (body) => save.mutateAsync({ tableId: table?.id ?? null, body }),
    successMessage: t(table ? 'activityTables.notifications.saved' : 'activityTables.notifications.created'),
    onSaved: onClose,
  });

  return (
    <AppModal
      opened
      onClose={onClose}
      dirty={dirty}
      title={table ? t('activityTables.editTitle', { number: table.number }) : t('activityTables.addTitle')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <NumberInput
            label={t('activityTables.fields.number')}
            required
            min={1}
            max={TABLE_NUMBER_MAX}
            allowDecimal={false}
            allowNegative={false}
            data-autofocus
            {...field('number')}
          />
          <TextInput label={t('activityTables.fields.name')} maxLength={TABLE_NAME_MAX} {...field('name')} />
          <TextInput
            label={t('activityTables.fields.location')}
            maxLength={TABLE_LOCATION_MAX}
            {...field('location')}
          />
          <NumberInput
            label={t('activityTables.fields.seats')}
            required
            min={1}
            max={TABLE_SEATS_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...field('seats')}
          />
          <Switch label={t('activityTables.fields.vip')} {...field('vip', { type: 'checkbox' })} />
        </Stack>
        <Group justify={table ? 'space-between' : 'flex-end'} mt="lg">
          {table && (
            <DeleteTableButton
              projectId={projectId}
              categoryId={categoryId}
              table={table}
              onDeleted={onClose}
            />
          )}
          <SubmitButton loading={submitting}>{table ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** The delete button and its confirmation popover. */
function DeleteTableButton({
  projectId,
  categoryId,
  table,
  onDeleted,
}: {
  projectId: string;
  categoryId: string;
  table: ActivityTable;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const remove = useDeleteTable(projectId, categoryId);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      position="top-start"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpened((o) => !o)}
        >
          {t('activityTables.delete')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="delete-table-popover" maw={320}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('activityTables.deleteQuestion', { number: table.number })}
          </Text>
          {table.assignedCount > 0 && (
            <Text size="sm">{t('activityTables.deleteLoses', { count: table.assignedCount })}</Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="xs"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(table.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: t('activityTables.notifications.deleted') });
                    setOpened(false);
                    onDeleted();
                  },
                })
              }
            >
              {t('activityTables.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
