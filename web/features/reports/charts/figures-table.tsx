import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartData } from '../../../../contracts/charts';
import type { FigureFormat } from './figures';

/** T3 the figures of a widget's page as a table: what a screen reader (and anyone) reads instead of the drawing. */
export function FiguresTable(props: { id: string; title: string; data: ChartData; format: FigureFormat }) {
  const { t, i18n } = useTranslation();
  const { data, format } = props;
  const stacked = data.series.length > 1;
  return (
    <Table.ScrollContainer minWidth={320} id={props.id}>
      <Table striped withTableBorder captionSide="top" data-testid="chart-figures">
        <Table.Caption>{t('charts.table.caption', { title: props.title })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('charts.table.label')}</Table.Th>
            {data.series.map((s) => (
              <Table.Th scope="col" key={s.key} ta="right">
                {i18n.language === 'en' ? s.name.en : s.name.fr}
              </Table.Th>
            ))}
            {stacked && (
              <Table.Th scope="col" ta="right">
                {t('charts.table.total')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.labels.map((label, i) => (
            <Table.Tr key={label.key}>
              <Table.Th scope="row" fw="normal">
                {format.label(label)}
              </Table.Th>
              {data.series.map((s) => (
                <Table.Td key={s.key} ta="right">
                  {format.value(s.values[i])}
                </Table.Td>
              ))}
              {stacked && <Table.Td ta="right">{format.value(data.values[i])}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
