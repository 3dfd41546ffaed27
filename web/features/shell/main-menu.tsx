import { NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../contracts/projects';
import { NavLinkTo } from '../../components/router-links';
import classes from './app-layout.module.css';
import { MENU, type MenuPage, pageTarget } from './menu';

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
  onNavigate,
}: {
  /** The selected project, which frames the project section; undefined when none. */
  project: Pick<Project, 'id' | 'nameFr' | 'nameEn' | 'externalDashboardUrl'> | undefined;
  slim: boolean;
  isSuperAdmin: boolean;
  /** A plain click on an entry (the menu drawer of a narrow screen closes). */
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation();
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
      // Without an address there is nowhere to go: the entry stays a button that says so.
      return url ? (
        <NavLink
          {...common}
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onNavigate}
        />
      ) : (
        <NavLink
          {...common}
          component="button"
          onClick={() => {
            onNavigate();
            notifications.show({ color: 'yellow', message: t('nav.externalDashboardMissing') });
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
        const pages = MENU.filter((p) => p.section === section.key && (!p.superAdminOnly || isSuperAdmin));
        if (!pages.length || (section.key === 'project' && !project)) return null;
        return (
          <Stack key={section.key} gap={2} mb="md">
            {!slim && (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} truncate>
                {section.title}
              </Text>
            )}
            {pages.map((page) =>
              slim ? (
                <Tooltip key={page.id} label={t(page.labelKey)} position="right">
                  {entry(page)}
                </Tooltip>
              ) : (
                <Fragment key={page.id}>{entry(page)}</Fragment>
              ),
            )}
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
