import { stringify } from 'csv-stringify/sync';
import {
  CHART_PAGE_SIZE,
  type ChartData,
  type ChartPeriod,
  type ChartWidget,
  TIME_WIDGETS,
} from '../../../contracts/charts';
import type { Language } from '../../../contracts/http';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { csvSafe, slug } from '../participants/export';
import type { AuthContext } from '../session/auth-context';
import * as repo from './charts-repository';

/**
 * T3 the chart widgets (docs/reports/charts.md): the figures of one page (200 rows at most), or of every row for
 * the CSV. Buckets are computed in SQL in the project's time zone.
 */

type Text = { fr: string; en: string };
const both = (key: string): Text => ({ fr: translator('fr')(key), en: translator('en')(key) });

const FACTS: Record<Exclude<ChartWidget, 'roles'>, (projectId: string) => repo.FactSource> = {
  inscriptions: repo.inscriptionFacts,
  'activity-inscriptions': repo.activityInscriptionFacts,
  sales: repo.salesFacts,
};

/** Every row on one page: what the CSV asks for (spec 002 §9: page -1). */
const ALL = { offset: 0, limit: 1_000_000 };

export async function getChart(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  widget: ChartWidget,
  query: { period: ChartPeriod; page: number },
  paging: { offset: number; limit: number } = {
    offset: (query.page - 1) * CHART_PAGE_SIZE,
    limit: CHART_PAGE_SIZE,
  },
): Promise<ChartData> {
  const project = await assertProject(deps.db, auth, projectId);
  const pageOf = (total: number) => ({
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / CHART_PAGE_SIZE)),
    total,
  });
  if (widget === 'roles') {
    const { total, rows } = await repo.countByRole(deps.db, projectId, paging);
    const values = rows.map((r) => r.count);
    return {
      widget,
      period: null,
      unit: 'count',
      currency: null,
      labels: rows.map((r) => ({ key: r.id, name: { fr: r.nameFr, en: r.nameEn } })),
      series: [{ key: 'count', name: both('charts.series.participants'), values }],
      values,
      ...pageOf(total),
    };
  }
  const { total, rows } = await repo.bucketFacts(
    deps.db,
    FACTS[widget](projectId),
    query.period,
    project.timeZone,
    paging,
  );
  const buckets = [...new Set(rows.map((r) => r.bucket))];
  const index = new Map(buckets.map((b, i) => [b, i]));
  const seriesKeys = [...new Set(rows.flatMap((r) => (r.series ? [r.series] : [])))];
  let series: ChartData['series'];
  if (widget === 'sales') {
    const categories = await repo.listPaymentCategories(deps.db, projectId);
    const present = new Set(seriesKeys);
    const named: { key: string; name: Text }[] = categories
      .filter((c) => present.has(c.id))
      .map((c) => ({ key: c.id, name: { fr: c.nameFr, en: c.nameEn } }));
    if (present.has('none')) named.push({ key: 'none', name: both('charts.series.noCategory') });
    series = named.map((s) => ({ ...s, values: buckets.map(() => 0) }));
  } else {
    const key = widget === 'inscriptions' ? 'participants' : 'inscriptions';
    series = [{ key: 'count', name: both(`charts.series.${key}`), values: buckets.map(() => 0) }];
  }
  const byKey = new Map(series.map((s) => [s.key, s]));
  for (const row of rows) {
    const target = row.series && byKey.get(row.series);
    if (target) target.values[index.get(row.bucket) ?? 0] += row.value;
  }
  return {
    widget,
    period: query.period,
    unit: widget === 'sales' ? 'money' : 'count',
    currency: widget === 'sales' ? await repo.projectCurrency(deps.db, projectId) : null,
    labels: buckets.map((key) => ({ key, name: null })),
    series,
    values: buckets.map((_, i) => series.reduce((sum, s) => sum + s.values[i], 0)),
    ...pageOf(total),
  };
}

/** A bucket's name in the CSV: its first day (D, W), its month (M) or its year (Y). */
function bucketCell(key: string, period: ChartPeriod | null) {
  if (period === 'M') return key.slice(0, 7);
  if (period === 'Y') return key.slice(0, 4);
  return key;
}

/** Cents as a decimal amount with the language's decimal mark, read as a number by the spreadsheet. */
const amount = (cents: number, language: Language) => {
  const text = (cents / 100).toFixed(2);
  return language === 'fr' ? text.replace('.', ',') : text;
};

/**
 * The CSV of a widget, every row: UTF-8 with a BOM, `;` in French and `,` in English like the participants
 * export; a first column for the period (or the role), a column per series, and a total when stacked.
 */
export async function exportChartCsv(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  widget: ChartWidget,
  period: ChartPeriod,
) {
  const data = await getChart(deps, auth, projectId, widget, { period, page: 1 }, ALL);
  const language = auth.locale;
  const t = translator(language);
  const stacked = data.series.length > 1;
  const first = TIME_WIDGETS.includes(widget) ? t(`charts.csv.period.${period}`) : t('charts.csv.role');
  const header = [
    first,
    ...data.series.map((s) => s.name[language]),
    ...(stacked ? [t('charts.csv.total')] : []),
  ];
  const cell = (n: number) => (data.unit === 'money' ? amount(n, language) : String(n));
  const body = data.labels.map((label, i) => [
    label.name ? label.name[language] : bucketCell(label.key, data.period),
    ...data.series.map((s) => cell(s.values[i])),
    ...(stacked ? [cell(data.values[i])] : []),
  ]);
  const project = await assertProject(deps.db, auth, projectId);
  const name = slug(language === 'fr' ? project.nameFr : project.nameEn);
  const suffix = data.period ? `-${data.period}` : '';
  return {
    filename: `${name}-${t(`charts.csv.file.${widget}`)}${suffix}.csv`,
    content: `\ufeff${stringify(
      [header, ...body].map((row) => row.map(csvSafe)),
      {
        delimiter: language === 'fr' ? ';' : ',',
      },
    )}`,
  };
}
