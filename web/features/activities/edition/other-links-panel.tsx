import { Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_LINK_TITLE_MAX,
  ACTIVITY_LINK_URL_MAX,
  type ActivityLink,
  activityLinkInput,
} from '../../../../contracts/activity-links';
import { EditDeleteActions } from '../../../components/actions/edit-delete-actions';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useAppForm } from '../../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../../components/modal/app-modal';
import { useLocalizedName } from '../localized-name';
import { activityLinksQuery, useDeleteActivityLink, useSaveActivityLink } from './link-api';
import type { EditionTabProps } from './tabs';

type Dialog = { kind: 'form'; item: ActivityLink | null } | { kind: 'delete'; item: ActivityLink } | null;

/** V4: the activity's other links, each titled and addressed in French and in English. */
export function OtherLinksPanel({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const inLanguage = useLocalizedName();
  const query = useQuery(activityLinksQuery(projectId, activityId));
  const remove = useDeleteActivityLink(projectId, activityId);
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <Paper withBorder p="md" data-testid="links-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {t('activities.linkTab.links.title')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setDialog({ kind: 'form', item: null })}
        >
          {t('activities.linkTab.links.add')}
        </Button>
      </Group>
      {!query.data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : query.data.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('activities.linkTab.links.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {query.data.items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" data-testid="link-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{inLanguage(item.title)}</Text>
                <Anchor
                  href={inLanguage(item.url)}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  style={{ wordBreak: 'break-all' }}
                  aria-label={t('activities.linkTab.links.open', { url: inLanguage(item.url) })}
                >
                  {inLanguage(item.url)}
                </Anchor>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <EditDeleteActions
                  editLabel={t('activities.linkTab.links.editNamed', { name: inLanguage(item.title) })}
                  deleteLabel={t('activities.linkTab.links.deleteNamed', { name: inLanguage(item.title) })}
                  onEdit={() => setDialog({ kind: 'form', item })}
                  onDelete={() => setDialog({ kind: 'delete', item })}
                />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {dialog?.kind === 'form' && (
        <LinkFormModal
          projectId={projectId}
          activityId={activityId}
          item={dialog.item}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t('activities.linkTab.links.deleteTitle')}
          confirmLabel={t('common.delete')}
          loading={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.item.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('activities.linkTab.links.deleted') });
                setDialog(null);
              },
            })
          }
        >
          {t('activities.linkTab.links.deleteBody', { name: inLanguage(dialog.item.title) })}
        </ConfirmModal>
      )}
    </Paper>
  );
}

/** Add or edit a link: its title and its address in French and in English (http or https). */
function LinkFormModal({
  projectId,
  activityId,
  item,
  onClose,
}: EditionTabProps & { item: ActivityLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveActivityLink(projectId, activityId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: activityLinkInput,
    initialValues: item
      ? { title: { ...item.title }, url: { ...item.url } }
      : { title: { fr: '', en: '' }, url: { fr: '', en: '' } },
    submit: (body) => save.mutateAsync({ linkId: item?.id ?? null, body }),
    successMessage: t(item ? 'activities.linkTab.links.saved' : 'activities.linkTab.links.created'),
    onSaved: onClose,
  });
  const urlProps = {
    type: 'url',
    inputMode: 'url',
    maxLength: ACTIVITY_LINK_URL_MAX,
    required: true,
  } as const;
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(item ? 'activities.linkTab.links.editTitle' : 'activities.linkTab.links.addTitle')}
      dirty={dirty}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('activities.linkTab.links.titleFr')}
            required
            maxLength={ACTIVITY_LINK_TITLE_MAX}
            data-autofocus
            {...field('title.fr')}
          />
          <TextInput
            label={t('activities.linkTab.links.urlFr')}
            description={t('activities.linkTab.links.urlHint')}
            {...urlProps}
            {...field('url.fr')}
          />
          <TextInput
            label={t('activities.linkTab.links.titleEn')}
            required
            maxLength={ACTIVITY_LINK_TITLE_MAX}
            {...field('title.en')}
          />
          <TextInput
            label={t('activities.linkTab.links.urlEn')}
            description={t('activities.linkTab.links.urlHint')}
            {...urlProps}
            {...field('url.en')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{item ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
