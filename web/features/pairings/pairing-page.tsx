import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArmchair, IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorTo, ButtonTo } from '../../components/router-links';
import { usePageTitle } from '../../lib/page-title';
import { useLocalizedName } from '../activities/localized-name';
import { MeetingsPanel } from '../pairing-meetings/meetings-panel';
import { PreflightPanel } from '../pairing-seats/preflight-panel';
import { pairingQuery } from './api';
import { GenerationPanel } from './generation-panel';
import { GroupsPanel } from './groups-panel';
import { algorithmName } from './labels';
import { PairingFormModal } from './pairing-form-modal';
import { RulesPanel } from './rules-panel';

const ROUTE = '/app/projects/$projectId/pairings/$pairingId';

/** M1–M3: one pairing: its settings (edit modal), the generation and its rounds, its groups and rules. */
export function PairingPage() {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const { projectId, pairingId } = useParams({ from: ROUTE });
  const pairing = useQuery(pairingQuery(projectId, pairingId));
  const [editing, setEditing] = useState(false);
  usePageTitle(pairing.data?.name ?? t('pairings.title'));

  return (
    <Stack>
      <AnchorTo to="/projects/$projectId/pairings" params={{ projectId }} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('pairings.back')}
        </Group>
      </AnchorTo>
      {pairing.isError ? (
        <Text c="red">{t('common.notFoundBody')}</Text>
      ) : !pairing.data ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={1} size="h2">
                {pairing.data.name}
              </Title>
              <Text size="sm" c="dimmed" data-testid="pairing-summary">
                {t('pairings.summary', {
                  category: nameOf(pairing.data.category.name),
                  rounds: pairing.data.rounds,
                  algorithm: t(`pairings.algorithms.${algorithmName(pairing.data.algorithm)}`),
                })}
              </Text>
              <Text size="sm">
                {pairing.data.roundBound === null
                  ? t('pairings.fields.roundBoundNone')
                  : t('pairings.fields.roundBound', {
                      bound: pairing.data.roundBound,
                      people: pairing.data.people,
                      seats: pairing.data.seats,
                    })}
              </Text>
            </Stack>
            <Group>
              <ButtonTo
                variant="default"
                leftSection={<IconArmchair size={16} />}
                to="/projects/$projectId/pairings/$pairingId/seats"
                params={{ projectId, pairingId }}
              >
                {t('pairingSeats.open')}
              </ButtonTo>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
              >
                {t('pairings.edit')}
              </Button>
            </Group>
          </Group>
          <PreflightPanel projectId={projectId} pairingId={pairingId} />
          <GenerationPanel projectId={projectId} pairing={pairing.data} />
          <MeetingsPanel
            projectId={projectId}
            pairingId={pairingId}
            seatsChangedAt={
              pairing.data.generation?.finishedAt ? String(pairing.data.generation.finishedAt) : null
            }
          />
          <GroupsPanel projectId={projectId} pairingId={pairingId} />
          <RulesPanel projectId={projectId} pairingId={pairingId} />
          {editing && (
            <PairingFormModal
              projectId={projectId}
              pairing={pairing.data}
              onClose={() => setEditing(false)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
