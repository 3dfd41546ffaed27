import {
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconTable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PERIODS, type ChartPeriod, type ChartWidget as Widget } from '../../../../contracts/charts';
import { chartCsvUrl, chartQuery } from './api';
import { type ChartType, chartTypesOf } from './chart-types';
import { ChartView } from './chart-view';
import { figureFormat } from './figures';
import { FiguresTable } from './figures-table';

/**
 * T3 one widget: its chart-type selector (where more than one makes sense), its period filter (D, W, M, Y; widgets
 * over time only), the chart, paging when there is more than one page, the CSV of every row, and the figures'
 * table behind « Voir les données ».
 */
export function ChartWidget(props: { projectId: string; widget: Widget }) {
  const { t, i18n } = useTranslation();
  const { projectId, widget } = props;
  const types = chartTypesOf(widget);
  const [type, setType] = useState<ChartType>(types[0]);
  const [period, setPeriod] = useState<ChartPeriod>('D');
  const [page, setPage] = useState(1);
  const [showData, setShowData] = useState(false);
  const query = useQuery(chartQuery(projectId, widget, period, page));
  const data = query.data;
  const title = t(`charts.widgets.${widget}`);
  const titleId = useId();
  const tableId = useId();
  const format = data && figureFormat(data, i18n.language, (date) => t('charts.weekOf', { date }));
  const overTime = widget !== 'roles';

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={`chart-${widget}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Button
            component="a"
            href={chartCsvUrl(projectId, widget, period)}
            download
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            {t('charts.csv.download')}
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap">
          {types.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label={t('charts.types.label')}
              value={type}
              onChange={(value) => setType(value as ChartType)}
              data={types.map((value) => ({ value, label: t(`charts.types.${value}`) }))}
            />
          )}
          {overTime && (
            <SegmentedControl
              size="xs"
              aria-label={t('charts.periods.label')}
              value={period}
              onChange={(value) => {
                setPeriod(value as ChartPeriod);
                setPage(1);
              }}
              data={CHART_PERIODS.map((value) => ({ value, label: t(`charts.periods.${value}`) }))}
            />
          )}
        </Group>
        {!data || !format ? (
          <Center h={300}>
            <Loader aria-label={t('charts.loading')} />
          </Center>
        ) : data.labels.length === 0 ? (
          <Center h={120}>
            <Text c="dimmed">{t('charts.empty')}</Text>
          </Center>
        ) : (
          <>
            <Box
              role="img"
              aria-label={t('charts.summary', {
                title,
                count: data.labels.length,
                max: format.value(Math.max(...data.values)),
              })}
              aria-busy={query.isFetching}
            >
              <ChartView data={data} type={type} format={format} lang={i18n.language} />
            </Box>
            {data.pageCount > 1 && (
              <Group justify="center">
                <Box component="nav" aria-label={t('charts.pagination', { title })}>
                  <Pagination size="sm" total={data.pageCount} value={page} onChange={setPage} />
                </Box>
              </Group>
            )}
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconTable size={14} aria-hidden />}
                aria-expanded={showData}
                aria-controls={tableId}
                onClick={() => setShowData((shown) => !shown)}
              >
                {showData ? t('charts.hideData') : t('charts.showData')}
              </Button>
            </Group>
            {showData && <FiguresTable id={tableId} title={title} data={data} format={format} />}
          </>
        )}
      </Stack>
    </Card>
  );
}
