import { Alert, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PreflightFinding } from '../../../contracts/pairing-seats';
import { preflightQuery } from './api';

/**
 * X10 on the pairing page, above « Générer »: what each person can expect (distinct people met) and, in words with
 * their figures, each setting that cannot work; « Aucun problème détecté » when none.
 */
export function PreflightPanel({ projectId, pairingId }: { projectId: string; pairingId: string }) {
  const { t } = useTranslation();
  const preflight = useQuery(preflightQuery(projectId, pairingId));
  const finding = (f: PreflightFinding) => {
    const { code, ...figures } = f;
    return t(`pairingSeats.preflight.findings.${code}`, figures);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preflight-title" data-testid="preflight">
      <Title order={2} size="h3" id="preflight-title" mb="sm">
        {t('pairingSeats.preflight.title')}
      </Title>
      {!preflight.data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="preflight-summary">
            {t('pairingSeats.preflight.summary', {
              people: preflight.data.people,
              tableSize: preflight.data.tableSize,
              bound: preflight.data.roundsBound,
              met: preflight.data.predictedMeetingsPerPerson,
            })}
          </Text>
          {preflight.data.findings.length === 0 ? (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="preflight-none">
              {t('pairingSeats.preflight.none')}
            </Alert>
          ) : (
            <Alert
              color="orange"
              icon={<IconAlertTriangle size={18} />}
              title={t('pairingSeats.preflight.found')}
            >
              <List size="sm" data-testid="preflight-findings">
                {preflight.data.findings.map((f) => (
                  <List.Item key={JSON.stringify(f)}>{finding(f)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
