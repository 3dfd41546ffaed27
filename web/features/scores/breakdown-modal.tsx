import { Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BreakdownLine, PairBreakdown } from '../../../contracts/scores';
import { AppModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { pairBreakdownQuery } from './api';

/**
 * X1: a pair's score, question by question: title, weight, reversed, each person's answers (labels; a standard
 * value marked), what the question adds, and the total. Computed now, from the answers and the current weights.
 */
export function BreakdownModal(props: {
  projectId: string;
  pair: { a: string; b: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pair } = props;
  const breakdown = useQuery({
    ...pairBreakdownQuery(props.projectId, pair?.a ?? '', pair?.b ?? ''),
    enabled: !!pair,
  });
  const data = breakdown.data;
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  return (
    <AppModal
      opened={!!pair}
      onClose={props.onClose}
      size="xl"
      title={data ? t('scores.breakdown.title', { a: name(data.a), b: name(data.b) }) : t('scores.why')}
    >
      {data ? (
        <BreakdownTable data={data} />
      ) : breakdown.isError ? (
        <Text c="red.8">{t('errors.unexpected')}</Text>
      ) : (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      )}
    </AppModal>
  );
}

export function BreakdownTable({ data }: { data: PairBreakdown }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const en = i18n.language === 'en';
  const label = (text: { fr: string; en: string }) => (en ? text.en : text.fr);
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  const answers = (answer: BreakdownLine['a']) =>
    answer.labels.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('scores.breakdown.noAnswer')}
      </Text>
    ) : (
      <Text size="sm">
        {answer.labels.map(label).join(', ')}
        {answer.standard && (
          <Text span size="xs" c="dimmed">
            {' '}
            {t('scores.breakdown.standard')}
          </Text>
        )}
      </Text>
    );
  if (data.lines.length === 0) return <Text>{t('scores.breakdown.empty')}</Text>;
  return (
    <Stack gap="sm">
      <Table withTableBorder data-testid="breakdown">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scores.breakdown.question')}</Table.Th>
            <Table.Th ta="right">{t('scores.breakdown.weight')}</Table.Th>
            <Table.Th>{t('scores.breakdown.answersOf', { name: name(data.a) })}</Table.Th>
            <Table.Th>{t('scores.breakdown.answersOf', { name: name(data.b) })}</Table.Th>
            <Table.Th ta="right">{t('scores.breakdown.contribution')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.lines.map((line) => (
            <Table.Tr key={line.questionId}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {label(line.title)}
                  </Text>
                  <Group gap={4}>
                    {line.reversed && (
                      <Badge
                        size="xs"
                        variant="light"
                        color="orange"
                        title={t('scores.breakdown.reversedHelp')}
                      >
                        {t('scores.breakdown.reversed')}
                      </Badge>
                    )}
                    {line.linked && (
                      <Badge size="xs" variant="light" color="grape">
                        {t('scores.breakdown.linked')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {!line.answeredByBoth
                      ? t('scores.breakdown.notAnswered')
                      : line.matched
                        ? t('scores.breakdown.matched')
                        : t('scores.breakdown.notMatched')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{format.number(line.weight)}</Table.Td>
              <Table.Td>{answers(line.a)}</Table.Td>
              <Table.Td>{answers(line.b)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {format.number(line.points)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('scores.breakdown.total')}</Table.Th>
            <Table.Th ta="right">{format.number(data.maximum)}</Table.Th>
            <Table.Th />
            <Table.Th />
            <Table.Th ta="right" data-testid="breakdown-total">
              {t('scores.breakdown.totalValue', {
                score: format.number(data.score),
                maximum: format.number(data.maximum),
                percent: format.number(data.percent),
              })}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Stack>
  );
}
