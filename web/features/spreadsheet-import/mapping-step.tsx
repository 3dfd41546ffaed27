import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportView } from './kind';

/** The columns of the file, in their order (which never changes), each with a stable key. */
const columnRows = (columns: string[]) => columns.map((column, i) => ({ column, i, key: `${i}:${column}` }));

/** The mapping of the file's columns to the fields of the import's kind, then the dry run. */
export function MappingStep({
  data,
  busy,
  error,
  onAnalyse,
  onRestart,
}: {
  data: ImportView;
  busy: boolean;
  error: string | null;
  onAnalyse: (mapping: (string | null)[]) => Promise<void>;
  onRestart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [mapping, setMapping] = useState(data.mapping);
  useEffect(() => setMapping(data.mapping), [data.mapping]);
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  const option = (x: ImportView['targets'][number]) => ({ value: x.key, label: x.label[lang] });
  const fields = data.targets.filter((x) => !x.group).map(option);
  // Q1: the questions of the questionnaire are listed under their own heading.
  const questions = data.targets.filter((x) => x.group === 'questionnaire').map(option);
  const options = [
    { value: '', label: t('participantImport.mapping.ignore') },
    ...(questions.length
      ? [
          { group: t('participantImport.mapping.fields'), items: fields },
          { group: t('participantImport.mapping.questionnaire'), items: questions },
        ]
      : fields),
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('participantImport.mapping.title')}
      </Title>
      <Text>{t('participantImport.mapping.intro')}</Text>
      <Table maw={720} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('participantImport.mapping.column')}</Table.Th>
            <Table.Th>{t('participantImport.mapping.target')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columnRows(data.columns).map(({ column, i, key }) => (
            <Table.Tr key={key}>
              <Table.Td>{column}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={column}
                  data={options}
                  value={mapping[i] ?? ''}
                  allowDeselect={false}
                  // Every target shows at once, the questionnaire's too: a scrolling list inside the listbox is a
                  // region a keyboard cannot reach (axe: scrollable-region-focusable); the page scrolls instead.
                  withScrollArea={false}
                  onChange={(value) => setMapping((m) => m.map((x, j) => (j === i ? value || null : x)))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {error && <Alert color="red">{error}</Alert>}
      <Group>
        <Button variant="default" onClick={onRestart}>
          {t('participantImport.mapping.another')}
        </Button>
        <Button loading={busy} onClick={() => void onAnalyse(mapping).catch(() => {})}>
          {t('participantImport.mapping.analyse')}
        </Button>
      </Group>
    </Stack>
  );
}
