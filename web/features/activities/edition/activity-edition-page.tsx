import { Group, Loader, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorTo } from '../../../components/router-links';
import { usePageTitle } from '../../../lib/page-title';
import { activityQuery } from '../api';
import { useLocalizedName } from '../localized-name';
import { EDITION_TABS, type EditionTab, type EditionTabProps } from './tabs';

// Each tab loads with its own chunk the first time it opens (the spec's "each page loaded as a fragment").
const TAB_COMPONENTS: Record<EditionTab, ComponentType<EditionTabProps>> = {
  configuration: lazy(() => import('./configuration-tab').then((m) => ({ default: m.ConfigurationTab }))),
  options: lazy(() => import('./options-tab').then((m) => ({ default: m.OptionsTab }))),
  subscribe: lazy(() => import('./subscribe-tab').then((m) => ({ default: m.SubscribeTab }))),
  participation: lazy(() => import('./participation-tab').then((m) => ({ default: m.ParticipationTab }))),
  visual: lazy(() => import('./visual-tab').then((m) => ({ default: m.VisualTab }))),
  link: lazy(() => import('./link-tab').then((m) => ({ default: m.LinkTab }))),
};

/**
 * V4: an activity's edition, its tabs in the URL (`/projects/…/activities/<id>?tab=options`) so that a tab can be
 * linked, reloaded and reached with the browser's back button. "Back to the activities" returns to the list.
 */
export function ActivityEditionPage() {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const { projectId, activityId } = useParams({ from: '/app/projects/$projectId/activities/$activityId' });
  const { tab = 'configuration' } = useSearch({ from: '/app/projects/$projectId/activities/$activityId' });
  const navigate = useNavigate();
  const activity = useQuery(activityQuery(projectId, activityId));
  const title = activity.data ? nameOf(activity.data.title) : t('activities.edition.title');
  usePageTitle(title);
  const Tab = TAB_COMPONENTS[tab];

  return (
    <>
      <AnchorTo to="/projects/$projectId/activities" params={{ projectId }} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('activities.edition.back')}
        </Group>
      </AnchorTo>
      <Title order={1} size="h2" mt="xs" mb="md">
        {title}
      </Title>
      {activity.isPending ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : activity.isError ? (
        <Text c="red">{t('activities.edition.notFound')}</Text>
      ) : (
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(next) =>
            void navigate({
              to: '/projects/$projectId/activities/$activityId',
              params: { projectId, activityId },
              search: { tab: next as EditionTab },
            })
          }
        >
          <Tabs.List mb="md">
            {EDITION_TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`activities.edition.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab}>
            <Suspense fallback={<Loader role="progressbar" aria-label={t('common.loading')} />}>
              <Tab projectId={projectId} activityId={activityId} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
