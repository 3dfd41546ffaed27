import {
  ActionIcon,
  Alert,
  AppShell,
  Burger,
  Group,
  Menu,
  ScrollArea,
  SegmentedControl,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  IconChevronsLeft,
  IconChevronsRight,
  IconInfoCircle,
  IconLock,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useParams } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decide } from '../../../contracts/access-policy';
import type { Language } from '../../../contracts/http';
import { WriteAccess } from '../../components/access/write-access';
import { HelpButton } from '../help/help-button';
import { TextEditionToggle } from '../help/text-edition-toggle';
import { projectQuery } from '../projects/api';
import { SuperAdminTools } from '../search/super-admin-tools';
import { changeLanguage, sessionQuery, signOutNow, useCurrentUser } from '../session/api';
import { SessionWatcher } from '../session/session-watcher';
import classes from './app-layout.module.css';
import { MainMenu } from './main-menu';

/** A1 « Mes réglages »: its code (the modal, its form, the project list's call) is fetched when first opened. */
const MySettingsModal = lazy(() =>
  import('../users/my-settings-modal').then((m) => ({ default: m.MySettingsModal })),
);

const WIDE = 260;
/** P3: the slim menu is 50 px wide and remembered. */
export const SLIM = 50;

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const session = useQuery(sessionQuery).data;
  const navigate = useNavigate();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  // Below Mantine's `sm` breakpoint the menu becomes a drawer, and the super-admin tools move into it.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [slim, setSlim] = useLocalStorage({ key: 'maillage.menu.slim', defaultValue: false });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const params = useParams({ strict: false }) as { projectId?: string };
  const projectId = params.projectId ?? user.lastProjectId;
  // A4: on a project's page the user's role in it, elsewhere their company role (read-only hides the edit buttons).
  const mayWrite = decide(user.access, 'write', params.projectId ?? null) === 'allowed';
  const project = useQuery({
    ...projectQuery(projectId ?? ''),
    enabled: !!projectId,
    meta: { silent: true },
  });

  async function handleSignOut() {
    await signOutNow();
    await navigate({ to: '/sign-in', search: { signedOut: true } });
  }

  const navWidth = slim ? SLIM : WIDE;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: navWidth, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="lg"
    >
      <a href="#main" className={classes.skip}>
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.openMenu')}
            />
            <UnstyledButton component={Link} to="/" className={classes.brand}>
              {t('app.name')}
            </UnstyledButton>
            <Text size="sm" c="dimmed" visibleFrom="lg" truncate maw={240}>
              {user.company.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user.isSuperAdmin && !narrow && <SuperAdminTools />}
            {user.isSuperAdmin && <TextEditionToggle />}
            <HelpButton />
            <SegmentedControl
              size="xs"
              aria-label={t('header.language')}
              value={i18n.language}
              onChange={(value) => void changeLanguage(value as Language)}
              data={[
                { value: 'fr', label: 'FR' },
                { value: 'en', label: 'EN' },
              ]}
              data-testid="language-switch"
            />
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" size="lg" aria-label={t('header.account')}>
                  <IconUserCircle size={24} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  {user.firstName} {user.lastName}
                  <br />
                  {user.email}
                </Menu.Label>
                <Menu.Item leftSection={<IconSettings size={14} />} onClick={() => setSettingsOpen(true)}>
                  {t('users.mySettings.title')}
                </Menu.Item>
                <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => void handleSignOut()}>
                  {t('header.signOut')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label={t('nav.main')} data-slim={slim || undefined}>
        {user.isSuperAdmin && narrow && (
          <AppShell.Section p="xs">
            <SuperAdminTools inMenu />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea} p={slim ? 4 : 'xs'}>
          <MainMenu
            project={project.data}
            slim={slim}
            isSuperAdmin={user.isSuperAdmin}
            access={user.access}
            onNavigate={closeMobile}
          />
        </AppShell.Section>
        <AppShell.Section p={4} visibleFrom="sm">
          <Tooltip label={slim ? t('nav.wide') : t('nav.slim')} position="right">
            <ActionIcon
              variant="subtle"
              onClick={() => setSlim(!slim)}
              aria-label={slim ? t('nav.wide') : t('nav.slim')}
              aria-pressed={slim}
              size="lg"
              data-testid="menu-slim"
            >
              {slim ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
            </ActionIcon>
          </Tooltip>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main">
        {user.company.isDemo && (
          <Banner
            color="grape"
            icon={<IconInfoCircle size={18} />}
            testId="demo-banner"
            title={t('demo.title')}
            body={t('demo.body')}
          />
        )}
        {!mayWrite && (
          <Banner
            color="gray"
            icon={<IconLock size={18} />}
            testId="read-only-banner"
            title={t('access.readOnlyBanner.title')}
            body={t('access.readOnlyBanner.body')}
          />
        )}
        <WriteAccess.Provider value={mayWrite}>
          <Outlet />
        </WriteAccess.Provider>
      </AppShell.Main>
      {settingsOpen && (
        <Suspense fallback={null}>
          <MySettingsModal onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      <SessionWatcher checkSeconds={session?.session.checkSeconds ?? 60} />
    </AppShell>
  );
}

/** A line above every page: the demo company's, a read-only user's. */
function Banner({
  color,
  icon,
  testId,
  title,
  body,
}: {
  color: string;
  icon: ReactNode;
  testId: string;
  title: string;
  body: string;
}) {
  return (
    <Alert color={color} variant="light" icon={icon} mb="md" py={8} data-testid={testId}>
      <Text size="sm">
        <strong>{title}</strong> — {body}
      </Text>
    </Alert>
  );
}
