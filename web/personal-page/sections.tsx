import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../contracts/http';
import type { PersonalPage } from '../../contracts/personal-pages';
import { formatDate, formatLocalTime } from '../lib/format';

type Props = { page: PersonalPage; language: Language };

/** Items by day of the project's zone (their local date), in the order given (by start). */
function byDay<T extends { startsAtLocal: string }>(items: T[]): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const day = item.startsAtLocal.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days];
}

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function DayHeading({ day, language }: { day: string; language: Language }) {
  return (
    <Title order={3} size="h5">
      {new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', {
        weekday: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${day}T12:00:00Z`))}{' '}
      {formatDate(day, language, 'long')}
    </Title>
  );
}

function TimeRange({ start, end, language }: { start: string; end: string; language: Language }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" fw={600}>
      {t('personalPage.programme.time', {
        start: formatLocalTime(start, language),
        end: formatLocalTime(end, language),
      })}
    </Text>
  );
}

export function ProgrammeSection({ page, language }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="programme" title={t('personalPage.programme.title')}>
      {page.programme.length === 0 && <Text c="dimmed">{t('personalPage.programme.empty')}</Text>}
      {byDay(page.programme).map(([day, items]) => (
        <Stack key={day} gap="xs">
          <DayHeading day={day} language={language} />
          {items.map((item) => (
            <Card key={item.id} withBorder padding="sm" component="article">
              <TimeRange start={item.startsAtLocal} end={item.endsAtLocal} language={language} />
              <Text fw={700}>{item.title[language]}</Text>
              {item.location && <Text size="sm">{item.location}</Text>}
            </Card>
          ))}
        </Stack>
      ))}
    </Section>
  );
}

export function MeetingsSection({ page, language }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="meetings" title={t('personalPage.meetings.title')}>
      {page.meetings.length === 0 && <Text c="dimmed">{t('personalPage.meetings.empty')}</Text>}
      {byDay(page.meetings).map(([day, items]) => (
        <Stack key={day} gap="xs">
          <DayHeading day={day} language={language} />
          {items.map((meeting) => (
            <Card key={meeting.id} withBorder padding="sm" component="article">
              <TimeRange start={meeting.startsAtLocal} end={meeting.endsAtLocal} language={language} />
              <Text fw={700}>{t('personalPage.meetings.with', { name: meeting.with })}</Text>
              <Group gap="xs">
                {meeting.virtual ? (
                  <Badge variant="light">{t('personalPage.meetings.online')}</Badge>
                ) : (
                  meeting.tableNumber !== null && (
                    <Badge variant="light">
                      {t('personalPage.meetings.table', { table: meeting.tableNumber })}
                    </Badge>
                  )
                )}
                {meeting.sessionName && <Text size="sm">{meeting.sessionName}</Text>}
              </Group>
            </Card>
          ))}
        </Stack>
      ))}
    </Section>
  );
}

/** The rounds of each pairing: their table and who sits with them. */
export function RoundsSection({ page }: { page: PersonalPage }) {
  const { t, i18n } = useTranslation();
  const pairings = new Map<string, PersonalPage['rounds']>();
  for (const round of page.rounds)
    pairings.set(round.pairingId, [...(pairings.get(round.pairingId) ?? []), round]);
  const list = new Intl.ListFormat(i18n.language === 'en' ? 'en-CA' : 'fr-CA', { type: 'conjunction' });
  return (
    <Section id="rounds" title={t('personalPage.rounds.title')}>
      {page.rounds.length === 0 && <Text c="dimmed">{t('personalPage.rounds.empty')}</Text>}
      {[...pairings.values()].map((rounds) => (
        <Stack key={rounds[0].pairingId} gap="xs">
          <Title order={3} size="h5">
            {rounds[0].pairingName}
          </Title>
          {rounds.map((round) => (
            <Card key={round.round} withBorder padding="sm" component="article">
              <Text size="sm" fw={600}>
                {t('personalPage.rounds.round', { round: round.round })}
              </Text>
              <Text fw={700}>
                {round.table.name
                  ? t('personalPage.rounds.tableNamed', {
                      number: round.table.number,
                      name: round.table.name,
                    })
                  : t('personalPage.rounds.table', { number: round.table.number })}
              </Text>
              {round.table.location && <Text size="sm">{round.table.location}</Text>}
              <Text size="sm">
                {round.mates.length
                  ? t('personalPage.rounds.with', {
                      names: list.format(
                        round.mates.map((m) => (m.organisation ? `${m.name} (${m.organisation})` : m.name)),
                      ),
                    })
                  : t('personalPage.rounds.alone')}
              </Text>
            </Card>
          ))}
        </Stack>
      ))}
    </Section>
  );
}

export function CalendarSection({ page }: { page: PersonalPage }) {
  const { t } = useTranslation();
  const path = page.calendarFeedPath;
  return (
    <Section id="calendar" title={t('personalPage.calendar.title')}>
      {path ? (
        <>
          <Text>{t('personalPage.calendar.body')}</Text>
          <Group gap="md">
            <Anchor href={`webcal://${window.location.host}${path}`}>
              {t('personalPage.calendar.subscribe')}
            </Anchor>
            <Anchor href={path} download>
              {t('personalPage.calendar.download')}
            </Anchor>
          </Group>
        </>
      ) : (
        <Text c="dimmed">{t('personalPage.calendar.none')}</Text>
      )}
      <Text size="xs" c="dimmed">
        {t('personalPage.timeZone', { zone: page.project.timeZone })}
      </Text>
    </Section>
  );
}
