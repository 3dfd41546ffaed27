import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMPORT_PAGE_SIZE } from '../../../contracts/spreadsheet-import';
import { formatNumber } from '../../lib/format';
import type { ImportKindUi, ImportView } from './kind';

const ACTION_COLOURS = { create: 'green', update: 'blue', unchanged: 'gray', skip: 'red' } as const;

/** The dry run's summary and its rows, a page at a time (after a save: the skipped rows it keeps). */
export function DryRun({
  kind,
  data,
  projectId,
  problems,
  onProblems,
  page,
  onPage,
}: {
  kind: ImportKindUi;
  data: ImportView;
  projectId: string;
  problems: boolean;
  onProblems: (on: boolean) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(data.total / IMPORT_PAGE_SIZE));
  const columns = kind.columns(t);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} maw={720}>
        {(['create', 'update', 'unchanged', 'skip'] as const).map((action) => (
          <Stack key={action} gap={0} data-testid={`summary-${action}`}>
            <Text size="xl" fw={700}>
              {formatNumber(data.summary[action], i18n.language)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`participantImport.dryRun.${action}`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group>
        {data.status === 'done' ? (
          <Text size="sm">{t('participantImport.onlySkipped')}</Text>
        ) : (
          <Switch
            label={t('participantImport.dryRun.onlyProblems')}
            checked={problems}
            onChange={(e) => onProblems(e.currentTarget.checked)}
          />
        )}
        {data.summary.skip > 0 && (
          <Anchor href={kind.errorsUrl(projectId, data.id)} download>
            <Group gap={4}>
              <IconDownload size={16} />
              {t('participantImport.dryRun.errors')}
            </Group>
          </Anchor>
        )}
      </Group>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('participantImport.columns.line')}</Table.Th>
            <Table.Th>{t('participantImport.columns.action')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th>{t('participantImport.columns.reasons')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3 + columns.length}>{t('participantImport.dryRun.empty')}</Table.Td>
            </Table.Tr>
          )}
          {data.rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>
                {/* A badge never truncates: it is as wide as its word, whatever the other columns ask for. */}
                <Badge color={ACTION_COLOURS[row.action]} variant="light" style={{ minWidth: 'max-content' }}>
                  {t(`participantImport.actions.${row.action}`)}
                </Badge>
              </Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.header}>{column.value(row)}</Table.Td>
              ))}
              <Table.Td>
                {row.reasons.map((reason) => (
                  <Text key={reason} size="sm">
                    {reason}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group>
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            ‹
          </Button>
          <Text size="sm">{`${page} / ${pages}`}</Text>
          <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            ›
          </Button>
        </Group>
      )}
    </Stack>
  );
}
