import { Accordion, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { explanationsQuery } from './api';
import { personLabel } from './person-select';

/** X1: for each person with fewer meetings than requested, why each request was left out, in words. */
export function ExplanationsTab({ projectId, sessionId }: { projectId: string; sessionId: string }) {
  const { t } = useTranslation();
  const explanations = useQuery(explanationsQuery(projectId, sessionId));
  if (!explanations.data) return <Loader role="progressbar" aria-label={t('common.loading')} />;
  const items = explanations.data.items;
  if (!items.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('b2b.explanations.none')}
      </Text>
    );
  }
  return (
    <Stack>
      <Text size="sm">{t('b2b.explanations.intro', { count: items.length })}</Text>
      <Accordion multiple variant="separated">
        {items.map((s) => (
          <Accordion.Item key={s.person.id} value={s.person.id}>
            <Accordion.Control>
              {t('b2b.explanations.person', {
                name: personLabel(s.person),
                placed: s.placed,
                requested: s.requested,
              })}
            </Accordion.Control>
            <Accordion.Panel>
              <ul>
                {s.unplaced.map((u) => (
                  <li key={u.other.id}>
                    <Text size="sm">{u.message}</Text>
                  </li>
                ))}
              </ul>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
