import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPES, type ActivityType } from '../../../contracts/activities';
import type { LandingActivity } from '../../../contracts/landing';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useLocalizedName } from '../activities/localized-name';
import { landingActivitiesQuery, useSaveLandingSelection } from './api';

/** Lower case without accents, for a filter that ignores both (as the lists' searches do). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * J6: the activities the registration landing page shows. Two lists, selected and not selected, each filtered by
 * text and type; activities move from one to the other; one save sends the whole selection. Leaving with changes
 * not saved asks first.
 */
export function LandingSelectionPage() {
  const { t } = useTranslation();
  usePageTitle(t('landing.title'));
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const list = useQuery(landingActivitiesQuery(projectId));
  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/activities" params={{ projectId }} size="sm">
        {t('landing.back')}
      </AnchorTo>
      <Title order={1} size="h2">
        {t('landing.title')}
      </Title>
      <Text size="sm">{t('landing.help')}</Text>
      {list.data ? (
        <LandingEditor
          key={list.dataUpdatedAt}
          projectId={projectId}
          items={list.data.items}
          timeZone={list.data.timeZone}
        />
      ) : (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function LandingEditor({
  projectId,
  items,
  timeZone,
}: {
  projectId: string;
  items: LandingActivity[];
  timeZone: string;
}) {
  const { t } = useTranslation();
  const save = useSaveLandingSelection(projectId);
  const saved = useMemo(() => new Set(items.filter((a) => a.onLanding).map((a) => a.id)), [items]);
  const [selected, setSelected] = useState<Set<string>>(saved);
  const dirty = selected.size !== saved.size || [...selected].some((id) => !saved.has(id));
  const setOn = (ids: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LandingList
          kind="selected"
          items={items.filter((a) => selected.has(a.id))}
          timeZone={timeZone}
          onMove={(ids) => setOn(ids, false)}
        />
        <LandingList
          kind="available"
          items={items.filter((a) => !selected.has(a.id))}
          timeZone={timeZone}
          onMove={(ids) => setOn(ids, true)}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          disabled={!dirty}
          loading={save.isPending}
          onClick={() =>
            save.mutate([...selected], {
              onSuccess: ({ selected: count }) =>
                notifications.show({ color: 'teal', message: t('landing.saved', { count }) }),
            })
          }
          data-testid="landing-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </>
  );
}

function LandingList({
  kind,
  items,
  timeZone,
  onMove,
}: {
  kind: 'selected' | 'available';
  items: LandingActivity[];
  timeZone: string;
  onMove: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const { dateTime } = useFormat();
  const [text, setText] = useState('');
  const [type, setType] = useState<ActivityType | null>(null);
  const words = fold(text).split(/\s+/).filter(Boolean);
  const shown = items.filter(
    (a) =>
      (!type || a.type === type) && words.every((word) => fold(`${a.title.fr} ${a.title.en}`).includes(word)),
  );
  const Arrow = kind === 'selected' ? IconArrowRight : IconArrowLeft;

  return (
    <Paper withBorder p="md" data-testid={`landing-${kind}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t(`landing.${kind}.title`, { count: items.length })}
          </Title>
          <Button
            size="xs"
            variant="default"
            disabled={shown.length === 0}
            onClick={() => onMove(shown.map((a) => a.id))}
          >
            {t(`landing.${kind}.moveAll`, { count: shown.length })}
          </Button>
        </Group>
        <Group grow>
          <TextInput
            label={t('landing.filters.text')}
            leftSection={<IconSearch size={14} />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Select
            label={t('landing.filters.type')}
            placeholder={t('landing.filters.allTypes')}
            clearable
            value={type}
            onChange={(value) => setType(value as ActivityType | null)}
            data={ACTIVITY_TYPES.map((value) => ({ value, label: t(`activities.types.${value}`) }))}
          />
        </Group>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`landing.${kind}.empty`)}
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 480, overflowY: 'auto' }}
          >
            {shown.map((a) => (
              <Group
                key={a.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                data-testid="landing-row"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {nameOf(a.title)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`activities.types.${a.type}`)} ·{' '}
                    {a.startsAt ? dateTime(a.startsAt, timeZone) : t('activities.noDate')}
                  </Text>
                </Stack>
                <ActionIcon
                  variant="light"
                  onClick={() => onMove([a.id])}
                  aria-label={t(`landing.${kind}.move`, { title: nameOf(a.title) })}
                >
                  <Arrow size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
