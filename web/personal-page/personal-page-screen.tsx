import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Language } from '../../contracts/http';
import type { PersonalPage } from '../../contracts/personal-pages';
import { PublicLanguageSwitch } from '../components/public-page/language-switch';
import { PublicPageStatus } from '../components/public-page/page-status';
import { formatDate } from '../lib/format';
import { applyLanguage } from '../lib/i18n';
import { CalendarSection, MeetingsSection, ProgrammeSection, RoundsSection } from './sections';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; page: PersonalPage }
  | { kind: 'notFound' }
  | { kind: 'tooMany' }
  | { kind: 'failed' };

/** The questionnaire and its form controls come after the first paint (the page's weight budget, 150 kB). */
const QuestionnaireSection = lazy(() =>
  import('./questionnaire').then((m) => ({ default: m.QuestionnaireSection })),
);

/** The language chosen with the page's switch, remembered on this device (the back office keeps its own). */
const LANGUAGE_KEY = 'maillage.personalPage.language';
const chosenLanguage = (): Language | null => {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return stored === 'fr' || stored === 'en' ? stored : null;
};

/** Reads the page's data: 404 (unknown or revoked address) and 429 (too many reads) are states of their own. */
async function load(token: string): Promise<State> {
  try {
    const response = await fetch(`/api/personal-pages/${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    if (response.status === 404 || response.status === 400 || response.status === 414)
      return { kind: 'notFound' };
    if (response.status === 429) return { kind: 'tooMany' };
    if (!response.ok) return { kind: 'failed' };
    return { kind: 'ready', page: (await response.json()) as PersonalPage };
  } catch {
    return { kind: 'failed' };
  }
}

/** The participant's personal page: who they are, their programme, their B2B meetings and their calendar. */
export function PersonalPageScreen({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [language, setLanguage] = useState<Language | null>(chosenLanguage);

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    void load(token).then(setState);
  }, [token]);
  useEffect(reload, [reload]);

  // The language chosen with the switch on this device, else the participant's own.
  const page = state.kind === 'ready' ? state.page : null;
  const shown: Language = language ?? page?.participant.language ?? 'fr';
  useEffect(() => {
    if (i18n.language !== shown) void applyLanguage(shown).catch(() => undefined);
    else document.documentElement.lang = shown;
  }, [i18n, shown]);
  useEffect(() => {
    if (page) document.title = t('personalPage.documentTitle', { project: page.project.name[shown] });
  }, [page, shown, t]);

  if (!page) {
    return (
      <PublicPageStatus
        kind={state.kind === 'ready' ? 'loading' : state.kind}
        onRetry={reload}
        texts={{
          loading: t('personalPage.loading'),
          notFoundTitle: t('personalPage.notFound.title'),
          notFoundBody: t('personalPage.notFound.body'),
          tooMany: t('personalPage.tooMany'),
          failed: t('personalPage.failed'),
          retry: t('personalPage.retry'),
        }}
      />
    );
  }

  const { project, participant } = page;
  const languages = project.languages.length ? project.languages : (['fr', 'en'] as Language[]);
  return (
    <Box mih="100vh" bg={project.colours.background}>
      <Box component="header" bg={project.colours.bannerBackground} c={project.colours.bannerText} py="md">
        <Container size="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" align="center" miw={0}>
              {project.logoPath && (
                // The project's name follows: the logo adds nothing to read (alt="").
                <Box
                  component="img"
                  src={project.logoPath}
                  alt=""
                  h={40}
                  maw={80}
                  style={{ objectFit: 'contain', flexShrink: 0 }}
                />
              )}
              <Stack gap={2} miw={0}>
                <Text fw={700}>{project.name[shown]}</Text>
                <ProjectDates startsOn={project.startsOn} endsOn={project.endsOn} language={shown} />
              </Stack>
            </Group>
            <PublicLanguageSwitch
              languages={languages}
              value={shown}
              label={t('personalPage.language')}
              storageKey={LANGUAGE_KEY}
              onChange={setLanguage}
            />
          </Group>
        </Container>
      </Box>
      <Container size="sm" py="lg" component="main">
        <Stack gap="xl">
          <Title order={1} size="h2">
            {t('personalPage.greeting', { name: participant.firstName })}
          </Title>
          <ProgrammeSection page={page} language={shown} />
          <RoundsSection page={page} />
          <MeetingsSection page={page} language={shown} />
          <Suspense fallback={null}>
            <QuestionnaireSection token={token} language={shown} />
          </Suspense>
          <CalendarSection page={page} />
          {project.supportEmail && (
            <Text size="sm">
              <Trans
                i18nKey="personalPage.support"
                values={{ address: project.supportEmail }}
                components={[<Anchor key="email" href={`mailto:${project.supportEmail}`} />]}
              />
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

function ProjectDates({
  startsOn,
  endsOn,
  language,
}: {
  startsOn: string;
  endsOn: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const from = formatDate(startsOn, language, 'long');
  const text =
    startsOn === endsOn
      ? t('personalPage.oneDay', { date: from })
      : t('personalPage.dates', { from, to: formatDate(endsOn, language, 'long') });
  return <Text size="sm">{text}</Text>;
}
