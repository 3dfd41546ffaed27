import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RejectCode } from '../../../contracts/pairing-seats';
import type { SeatTable } from '../../../contracts/pairings';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { usePageTitle } from '../../lib/page-title';
import { pairingQuery, seatRoundQuery } from '../pairings/api';
import { useSeatsReload } from '../pairings/seats-reload';
import { seatPersonQuery, useMoveSeat, useResumeRounds } from './api';
import { ConflictLegend } from './conflict-icons';
import { PersonPanel } from './person-panel';
import { SeatsGrid } from './seats-grid';

const ROUTE = '/app/projects/$projectId/pairings/$pairingId/seats';
const NO_TABLES: ReadonlySet<string> = new Set();

/**
 * M4: the seats of a pairing, one round at a time (`?round=`): move people between the tables of the round, select a
 * person to see the tables they chose and the conflicts at their table; the live adjustment (absences, « Reprendre
 * les rondes restantes »). See docs/matching/seats.md.
 */
export function PairingSeatsPage() {
  const { t } = useTranslation();
  const { projectId, pairingId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: '/projects/$projectId/pairings/$pairingId/seats' });
  const pairing = useQuery(pairingQuery(projectId, pairingId));
  // Only the round shown is loaded (`?round=`, counted from 1 in the URL), within the pairing's rounds; while another
  // round loads, the round selector stays (the previous answer's round numbers) and the grid waits.
  const total = pairing.data?.rounds ?? 0;
  const round = Math.max(0, Math.min((search.round ?? 1) - 1, total - 1));
  const seats = useQuery({
    ...seatRoundQuery(projectId, pairingId, round),
    enabled: pairing.data !== undefined,
    placeholderData: keepPreviousData,
  });
  usePageTitle(
    pairing.data ? t('pairingSeats.pageTitle', { name: pairing.data.name }) : t('pairingSeats.title'),
  );

  const roundNumbers = seats.data?.roundNumbers ?? [];
  const loadingRound = seats.isPlaceholderData;
  const tables = loadingRound ? undefined : seats.data?.rounds[0]?.tables;
  // A round of the pairing not generated (its rounds were raised since): the first generated one instead.
  const firstGenerated =
    !loadingRound && seats.data && !tables && roundNumbers[0] !== round ? roundNumbers[0] : undefined;
  useEffect(() => {
    if (firstGenerated !== undefined) void navigate({ search: { round: firstGenerated + 1 }, replace: true });
  }, [firstGenerated, navigate]);

  const [selected, setSelected] = useState<string | null>(null);
  const person = useQuery({
    ...seatPersonQuery(projectId, pairingId, selected ?? '', round),
    enabled: selected !== null,
  });
  const chosen = useMemo(() => (person.data ? new Set(person.data.chosenTables) : NO_TABLES), [person.data]);
  const conflicts = useMemo(() => {
    const byPerson = new Map<string, RejectCode[]>();
    for (const c of person.data?.conflicts ?? [])
      byPerson.set(c.participantId, [...(byPerson.get(c.participantId) ?? []), c.code]);
    return byPerson;
  }, [person.data]);
  const absences = seats.data?.absences;
  const absent = useMemo(
    () => new Set((absences ?? []).filter((a) => a.fromRound <= round).map((a) => a.participantId)),
    [absences, round],
  );

  const peopleRef = useRef(new Map<string, SeatTable['people'][number]>());
  peopleRef.current = useMemo(
    () => new Map((tables ?? []).flatMap((e) => e.people.map((p) => [p.participantId, p] as const))),
    [tables],
  );
  const move = useMoveSeat(projectId, pairingId, (id) => peopleRef.current.get(id));
  const { mutate } = move;
  const handleMove = useCallback(
    (participantId: string, tableId: string) => mutate({ round, participantId, tableId }),
    [mutate, round],
  );
  const handleSelect = useCallback((participantId: string) => setSelected(participantId), []);

  // A resumed generation: its progress, then the new rounds once it ends.
  const generation = pairing.data?.generation;
  const active = generation?.status === 'queued' || generation?.status === 'running';
  useSeatsReload(projectId, pairingId, generation);
  const resume = useResumeRounds(projectId, pairingId);
  const [confirmResume, setConfirmResume] = useState(false);

  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/pairings/$pairingId" params={{ projectId, pairingId }} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('pairingSeats.back')}
        </Group>
      </AnchorTo>
      <Title order={1} size="h2">
        {pairing.data ? t('pairingSeats.pageTitle', { name: pairing.data.name }) : t('pairingSeats.title')}
      </Title>
      {seats.isError || pairing.isError ? (
        <Text c="red">{t('common.notFoundBody')}</Text>
      ) : !seats.data || !pairing.data ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : roundNumbers.length === 0 ? (
        <Text data-testid="seats-empty">{t('pairingSeats.empty')}</Text>
      ) : (
        <>
          <Group justify="space-between">
            <SegmentedControl
              aria-label={t('pairingSeats.rounds')}
              value={String(round + 1)}
              onChange={(value) => void navigate({ search: { round: Number(value) }, replace: true })}
              data={roundNumbers.map((r) => ({
                value: String(r + 1),
                label: t('pairingSeats.round', { number: r + 1 }),
              }))}
            />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              disabled={round === 0 || active}
              onClick={() => setConfirmResume(true)}
            >
              {t('pairingSeats.resume.button', { round: round + 1 })}
            </Button>
          </Group>
          {round === 0 && (
            <Text size="sm" c="dimmed">
              {t('pairingSeats.resume.firstRound')}
            </Text>
          )}
          {active && generation && (
            <Alert color="blue" title={t('pairingSeats.resume.running')}>
              <Progress value={generation.progress} aria-label={t('pairingSeats.resume.progress')} />
            </Alert>
          )}
          <ConflictLegend />
          <Text size="sm" c="dimmed">
            {t('pairingSeats.help')}
          </Text>
          {!tables ? (
            <Loader role="progressbar" aria-label={t('common.loading')} data-testid="seats-round-loading" />
          ) : (
            <Grid>
              <Grid.Col span={{ base: 12, lg: selected ? 9 : 12 }}>
                <SeatsGrid
                  tables={tables}
                  chosenTables={chosen}
                  selectedId={selected}
                  conflicts={selected ? conflicts : null}
                  absent={absent}
                  onSelect={handleSelect}
                  onMove={handleMove}
                />
              </Grid.Col>
              {selected && (
                <Grid.Col span={{ base: 12, lg: 3 }}>
                  <PersonPanel
                    projectId={projectId}
                    pairingId={pairingId}
                    round={round}
                    person={person.data}
                    loading={person.isPending}
                    tables={tables}
                    onClose={() => setSelected(null)}
                  />
                </Grid.Col>
              )}
            </Grid>
          )}
        </>
      )}
      <ConfirmModal
        opened={confirmResume}
        title={t('pairingSeats.resume.title')}
        confirmLabel={t('pairingSeats.resume.confirm')}
        danger
        loading={resume.isPending}
        onCancel={() => setConfirmResume(false)}
        onConfirm={() =>
          resume.mutate(round, {
            onSuccess: () => {
              setConfirmResume(false);
              notifications.show({ color: 'teal', message: t('pairingSeats.notifications.resumed') });
            },
          })
        }
      >
        {t('pairingSeats.resume.body', { round: round + 1, last: total, kept: round })}
      </ConfirmModal>
    </Stack>
  );
}
