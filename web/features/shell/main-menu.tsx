import { NavLink, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { Fragment, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { decide, type UserAccess } from '../../../contracts/access-policy';
import type { Project } from '../../../contracts/projects';
import { isPlainClick, NavLinkTo } from '../../components/router-links';
import classes from './app-layout.module.css';
import { MENU, type MenuPage, pageTarget } from './menu';

/** The description of the external dashboard's entry while the project has no address for it. */
const MISSING_ID = 'menu-external-dashboard-missing';

/**
 * P3: the entries of the left menu, by section. Each entry is a link to its page's address, so that it opens in a
 * new tab (middle or ctrl/cmd click) and its address can be copied; a plain click moves within the app. Slim, an
 * entry shows its icon only, named by its label (for screen readers) and a tooltip. The router marks the entry of
 * the page shown with `aria-current="page"`, which NavLink draws as active.
 */
export function MainMenu({
  project,
  slim,
  isSuperAdmin,
  access,
  onNavigate,
}: {
  /** The selected project, which frames the project section; undefined when none. */
  project: Pick<Project, 'id' | 'nameFr' | 'nameEn' | 'externalDashboardUrl'> | undefined;
  slim: boolean;
  isSuperAdmin: boolean;
  /** A4: the user's access; the menu shows only the pages whose right they hold (all when not given). */
  access?: UserAccess;
  /** A plain click on an entry (the menu drawer of a narrow screen closes). */
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const sections: { key: MenuPage['section']; title: string }[] = [
    {
      key: 'project',
      title: project ? (i18n.language === 'en' ? project.nameEn : project.nameFr) : t('nav.projectSection'),
    },
    { key: 'projects', title: t('nav.projects') },
    { key: 'admin', title: t('nav.adminSection') },
  ];

  function entry(page: MenuPage): ReactElement {
    const Icon = page.icon;
    const label = t(page.labelKey);
    const common = {
      label: slim ? undefined : label,
      'aria-label': slim ? label : undefined,
      leftSection: <Icon size={18} aria-hidden />,
      'data-page': page.id,
      className: classes.link,
    };
    if (page.external) {
      const url = project?.externalDashboardUrl;
      if (url) {
        return (
          <NavLink
            {...common}
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onNavigate}
          />
        );
      }
      // Without an address the entry is still a link: to the configuration's tab where the address is entered,
      // described as not configured yet. Never marked as the page shown: the configuration entry is that one.
      const settings = { to: '/projects/$projectId/settings', params: { projectId: project?.id ?? '' } };
      const search = { tab: 'general' as const };
      return (
        <NavLink
          {...common}
          component="a"
          href={router.buildLocation({ ...settings, search }).href}
          aria-describedby={MISSING_ID}
          onClick={(event) => {
            onNavigate();
            if (!isPlainClick(event)) return;
            event.preventDefault();
            void router.navigate({ ...settings, search });
          }}
        />
      );
    }
    return (
      <NavLinkTo
        {...common}
        {...pageTarget(page.id, project?.id ?? null)}
        activeOptions={{ exact: page.exact ?? false, includeSearch: false }}
        onClick={onNavigate}
      />
    );
  }

  return (
    <>
      {sections.map((section) => {
        const pages = MENU.filter(
          (p) =>
            p.section === section.key &&
            (!p.superAdminOnly || isSuperAdmin) &&
            (!access ||
              decide(access, p.right ?? 'read', p.section === 'project' ? project?.id : null) === 'allowed'),
        );
        if (!pages.length || (section.key === 'project' && !project)) return null;
        return (
          <Stack key={section.key} gap={2} mb="md">
            {!slim && (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} truncate>
                {section.title}
              </Text>
            )}
            {pages.map((page) => {
              const missing = page.external && !project?.externalDashboardUrl;
              const tip = missing
                ? slim
                  ? `${t(page.labelKey)} — ${t('nav.externalDashboardMissing')}`
                  : t('nav.externalDashboardMissing')
                : slim
                  ? t(page.labelKey)
                  : null;
              return (
                <Fragment key={page.id}>
                  {tip ? (
                    <Tooltip label={tip} position="right" multiline maw={260}>
                      {entry(page)}
                    </Tooltip>
                  ) : (
                    entry(page)
                  )}
                  {missing && (
                    <VisuallyHidden id={MISSING_ID}>{t('nav.externalDashboardMissing')}</VisuallyHidden>
                  )}
                </Fragment>
              );
            })}
          </Stack>
        );
      })}
      {!project && !slim && (
        <Text size="xs" c="dimmed" px="sm">
          {t('nav.noProject')}
        </Text>
      )}
    </>
  );
}
