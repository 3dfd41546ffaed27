import { ActionIcon, Anchor, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCategoryPlus, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Release, ReleaseCategory, ReleaseItem } from '../../../contracts/releases';
import { inLanguage, type Localized, stripTags } from '../../../contracts/texts';
import { ConfirmModal } from '../../components/modal/app-modal';
import { RichTextView } from '../../components/rich-text';
import { SortableList } from '../../components/sortable/sortable-list';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { releaseKeys, releaseQuery, saveReleaseOrder, useDeleteEntry } from './api';
import { CategoryModal, ItemModal } from './entry-modals';
import { ReleaseEditForm } from './release-form';
import classes from './releases.module.css';

/** A text in the reader's language, else in the other one. */
export function textIn(text: Localized, language: string) {
  return inLanguage(text, language === 'en' ? 'en' : 'fr');
}

/** A short plain-text name for an entry (its handle's name, what screen readers announce). */
const shortName = (html: string) => {
  const plain = stripTags(html).replace(/\s+/g, ' ').trim();
  return plain.length > 60 ? `${plain.slice(0, 59)}…` : plain;
};

type Dialog =
  | { kind: 'category'; category: ReleaseCategory | null }
  | { kind: 'item'; item: ReleaseItem | null; categoryId: string | null }
  | { kind: 'delete'; id: string; name: string; itemCount: number | null }
  | null;

/** A5: one release: its version and date, then its categories and items, edited and sorted (P11). */
export function ReleaseEditPage() {
  const { t } = useTranslation();
  const { releaseId } = useParams({ from: '/app/admin/releases/$releaseId' });
  const query = useQuery(releaseQuery(releaseId));
  const release = query.data;
  usePageTitle(release ? t('releases.versionLabel', { version: release.version }) : t('releases.title'));

  if (query.isPending) return <Loader role="progressbar" aria-label={t('common.loading')} />;
  if (!release) {
    // Not found (another id, a deleted release) says so; any other failure (network…) offers to try again.
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Stack align="flex-start">
        <Text>{notFound ? t('common.notFoundBody') : t('errors.unexpected')}</Text>
        {!notFound && (
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        )}
        <Anchor component={Link} to="/admin/releases">
          {t('releases.backToList')}
        </Anchor>
      </Stack>
    );
  }
  return <ReleaseEditor key={release.id} release={release} />;
}

function ReleaseEditor({ release }: { release: Release }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const deleteEntry = useDeleteEntry(release.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const language = i18n.language;

  const entries = useMemo(() => {
    const item = (i: ReleaseItem) => ({ ...i, label: shortName(textIn(i.text, language)) });
    return {
      items: release.items.map(item),
      categories: release.categories.map((c) => ({
        ...c,
        label: textIn(c.name, language),
        items: c.items.map(item),
      })),
    };
  }, [release, language]);

  return (
    <Stack>
      <Anchor component={Link} to="/admin/releases" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('releases.backToList')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('releases.versionLabel', { version: release.version })}
      </Title>
      <Paper withBorder p="md">
        <ReleaseEditForm release={release} />
      </Paper>

      <Group justify="space-between" mt="md">
        <Title order={2} size="h3">
          {t('releases.entries.title')}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCategoryPlus size={16} />}
            onClick={() => setDialog({ kind: 'category', category: null })}
          >
            {t('releases.entries.addCategory')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'item', item: null, categoryId: null })}
          >
            {t('releases.entries.addItem')}
          </Button>
        </Group>
      </Group>

      <SortableList
        label={t('releases.entries.title')}
        items={entries.items}
        categories={entries.categories}
        emptyText={t('releases.entries.empty')}
        onSave={(order) => saveReleaseOrder(release.id, order)}
        onReload={() => queryClient.invalidateQueries({ queryKey: releaseKeys.all })}
        renderCategory={(category) => (
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} data-testid="release-category">
              {category.label}
            </Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t('releases.entries.addItemTo', { name: category.label })}
                onClick={() => setDialog({ kind: 'item', item: null, categoryId: category.id })}
              >
                <IconPlus size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('releases.entries.editNamed', { name: category.label })}
                onClick={() => setDialog({ kind: 'category', category })}
              >
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('releases.entries.deleteNamed', { name: category.label })}
                onClick={() =>
                  setDialog({
                    kind: 'delete',
                    id: category.id,
                    name: category.label,
                    itemCount: category.items.length,
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        )}
        renderItem={(item) => (
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Box className={classes.entryText} style={{ flex: 1, minWidth: 0 }}>
              <RichTextView html={textIn(item.text, language)} data-testid="release-item" />
            </Box>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t('releases.entries.editNamed', { name: item.label })}
                onClick={() => setDialog({ kind: 'item', item, categoryId: item.categoryId })}
              >
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('releases.entries.deleteNamed', { name: item.label })}
                onClick={() => setDialog({ kind: 'delete', id: item.id, name: item.label, itemCount: null })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        )}
      />

      {dialog?.kind === 'category' && (
        <CategoryModal releaseId={release.id} category={dialog.category} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'item' && (
        <ItemModal
          releaseId={release.id}
          item={dialog.item}
          categoryId={dialog.categoryId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t(
            dialog.itemCount === null
              ? 'releases.entries.deleteItemTitle'
              : 'releases.entries.deleteCategoryTitle',
          )}
          confirmLabel={t('common.delete')}
          loading={deleteEntry.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            deleteEntry.mutate(dialog.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('releases.notifications.entryDeleted') });
                setDialog(null);
              },
            })
          }
        >
          {dialog.itemCount === null
            ? t('releases.entries.deleteItemBody', { name: dialog.name })
            : t('releases.entries.deleteCategoryBody', { name: dialog.name, count: dialog.itemCount })}
        </ConfirmModal>
      )}
    </Stack>
  );
}
