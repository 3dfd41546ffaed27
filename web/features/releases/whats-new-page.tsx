import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublishedRelease } from '../../../contracts/releases';
import { RichTextView } from '../../components/rich-text';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { whatsNewQuery } from './api';
import classes from './releases.module.css';

/** A5: what changed in the product, for every user: the active releases, newest first, in their language. */
export function WhatsNewPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('releases.whatsNew.title'));
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const query = useQuery(whatsNewQuery(language));

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('releases.whatsNew.title')}
      </Title>
      {query.isPending ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : (query.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('releases.whatsNew.empty')}</Text>
      ) : (
        (query.data ?? []).map((release) => <PublishedReleaseCard key={release.id} release={release} />)
      )}
    </Stack>
  );
}

function ItemList({ items }: { items: PublishedRelease['items'] }) {
  return (
    <Stack component="ul" gap="xs" pl="md" m={0}>
      {items.map((item) => (
        <li key={item.id} className={classes.entryText}>
          <RichTextView html={item.html} data-testid="whats-new-item" />
        </li>
      ))}
    </Stack>
  );
}

function PublishedReleaseCard({ release }: { release: PublishedRelease }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <Paper
      withBorder
      p="lg"
      component="article"
      data-release={release.version}
      aria-labelledby={`release-${release.id}`}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={`release-${release.id}`}>
          {t('releases.versionLabel', { version: release.version })}
        </Title>
        {release.releasedOn && (
          <Badge variant="light" size="lg">
            {date(release.releasedOn, 'long')}
          </Badge>
        )}
      </Group>
      <Stack gap="md">
        {release.items.length > 0 && <ItemList items={release.items} />}
        {release.categories.map((category) => (
          <section key={category.id}>
            <Title order={3} size="h5" mb={6}>
              {category.name}
            </Title>
            <ItemList items={category.items} />
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
