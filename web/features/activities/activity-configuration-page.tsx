import {
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_CATEGORY_NAME_MAX,
  type ActivityCategory,
  type ActivityCategoryKind,
  activityCategoryInput,
} from '../../../contracts/activities';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { usePageTitle } from '../../lib/page-title';
import { activityCategoryListQuery, useDeleteActivityCategory, useSaveActivityCategory } from './api';
import { AccessEditor } from './hosts/access-editor';
import { ActivityDefaults } from './hosts/activity-defaults';
import { useLocalizedName } from './localized-name';

/** V2: the activity configuration of a project: its sections (menus) and its categories. */
export function ActivityConfigurationPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ from: '/app/projects/$projectId/activities/configuration' });
  usePageTitle(t('activities.configuration.title'));
  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/activities" params={{ projectId }} size="sm">
        {t('activities.configuration.back')}
      </AnchorTo>
      <Title order={1} size="h2">
        {t('activities.configuration.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CategoryList projectId={projectId} kind="section" />
        <CategoryList projectId={projectId} kind="category" />
      </SimpleGrid>
      <ActivityDefaults projectId={projectId} />
    </Stack>
  );
}

type Dialog =
  | { kind: 'form'; item: ActivityCategory | null }
  | { kind: 'delete'; item: ActivityCategory }
  | null;

function CategoryList({ projectId, kind }: { projectId: string; kind: ActivityCategoryKind }) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const query = useQuery(activityCategoryListQuery(projectId, kind));
  const remove = useDeleteActivityCategory(projectId, kind);
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <Paper withBorder p="md" data-testid={`${kind}-list`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {t(`activities.${kind}.title`)}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setDialog({ kind: 'form', item: null })}
        >
          {t(`activities.${kind}.create`)}
        </Button>
      </Group>
      {!query.data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : query.data.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(`activities.${kind}.empty`)}
        </Text>
      ) : (
        <Stack gap="xs">
          {query.data.items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" data-testid={`${kind}-row`}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{nameOf(item.name)}</Text>
                <Text size="xs" c="dimmed">
                  {t('activities.activityCount', { count: item.activityCount })}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {kind === 'category' && (
                  <AnchorTo
                    to="/projects/$projectId/activities/categories/$categoryId/tables"
                    params={{ projectId, categoryId: item.id }}
                    size="sm"
                    mr="xs"
                    aria-label={t('activityTables.openNamed', { name: nameOf(item.name) })}
                  >
                    {t('activityTables.open')}
                  </AnchorTo>
                )}
                <EditDeleteActions
                  editLabel={t('activities.editNamed', { name: nameOf(item.name) })}
                  deleteLabel={t('activities.deleteNamed', { name: nameOf(item.name) })}
                  onEdit={() => setDialog({ kind: 'form', item })}
                  onDelete={() => setDialog({ kind: 'delete', item })}
                />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {dialog?.kind === 'form' && (
        <CategoryFormModal
          projectId={projectId}
          kind={kind}
          item={dialog.item}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t(`activities.${kind}.deleteTitle`)}
          confirmLabel={t('common.delete')}
          loading={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.item.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t(`activities.${kind}.deleted`) });
                setDialog(null);
              },
            })
          }
        >
          {t(`activities.${kind}.deleteBody`, {
            name: nameOf(dialog.item.name),
            count: dialog.item.activityCount,
          })}
        </ConfirmModal>
      )}
    </Paper>
  );
}

/** V2: create or rename a section or a category: its name in French and in English. */
function CategoryFormModal({
  projectId,
  kind,
  item,
  onClose,
}: {
  projectId: string;
  kind: ActivityCategoryKind;
  item: ActivityCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveActivityCategory(projectId, kind);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: activityCategoryInput,
    initialValues: { name: item ? { ...item.name } : { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ categoryId: item?.id ?? null, body }),
    successMessage: t(item ? `activities.${kind}.saved` : `activities.${kind}.created`),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(item ? `activities.${kind}.editTitle` : `activities.${kind}.createTitle`)}
      dirty={dirty}
      size={item ? 'lg' : 'md'}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('activities.fields.nameFr')}
            required
            maxLength={ACTIVITY_CATEGORY_NAME_MAX}
            data-autofocus
            {...field('name.fr')}
          />
          <TextInput
            label={t('activities.fields.nameEn')}
            required
            maxLength={ACTIVITY_CATEGORY_NAME_MAX}
            {...field('name.en')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{item ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
      {/* V2: the permissions editor (saved as each group or role is added or removed). */}
      <Divider my="md" />
      {item ? (
        <AccessEditor projectId={projectId} owner={{ kind, categoryId: item.id }} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('activities.access.saveFirst')}
        </Text>
      )}
    </AppModal>
  );
}
