import { MultiSelect, Paper, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARTICIPANT_STATUSES } from '../../../../contracts/participant-list';
import {
  REPORT_ACTIVITY_TYPES,
  REPORT_B2B,
  REPORT_COST_TYPES,
  REPORT_PAYMENT_SOURCES,
  REPORT_PAYMENTS,
  REPORT_YES_NO,
} from '../../../../contracts/report-values';
import type { ReportOptions } from '../../../../contracts/reports';
import { DateField } from '../../../components/forms/date-field';
import type { ReportFilterKey, ReportSearch } from './search';

type Change = (patch: Partial<Pick<ReportSearch, ReportFilterKey>>) => void;
type Named = { id: string; name: { fr: string; en: string } };

/** A text filter applied when the field is left or Enter is pressed (not a request a keystroke). */
function TextFilter({
  label,
  value,
  onApply,
}: {
  label: string;
  value?: string;
  onApply: (v?: string) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const apply = () => {
    const next = draft.trim() || undefined;
    if (next !== value) onApply(next);
  };
  return (
    <TextInput
      label={label}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
    />
  );
}

/** T1: the report's filter form; each change lands in the URL (and the list and export follow). */
export function ReportFilters({
  search,
  options,
  onChange,
}: {
  search: ReportSearch;
  options: ReportOptions | undefined;
  onChange: Change;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = (n: Named['name']) => (i18n.language === 'en' ? n.en : n.fr) || n.fr;
  const data = (list: Named[] | undefined) =>
    (list ?? []).map((r) => ({ value: r.id, label: nameOf(r.name) }));
  const label = (key: ReportFilterKey) => t(`report.filters.${key}`);
  const list = (
    key: 'roleIds' | 'groupIds' | 'activityIds' | 'categoryIds' | 'choiceIds',
    items: Named[] | undefined,
  ) => (
    <MultiSelect
      label={label(key)}
      data={data(items)}
      value={search[key] ?? []}
      onChange={(value) => onChange({ [key]: value.length ? value : undefined })}
      searchable
      clearable
    />
  );
  const choice = <V extends string>(
    key: 'persona' | 'active' | 'new' | 'b2b' | 'payment' | 'costType' | 'paymentSource',
    values: readonly V[],
  ) => (
    <Select
      label={label(key)}
      data={values.map((v) => ({ value: v as string, label: t(`report.filters.${v as 'yes'}`) }))}
      value={(search[key] as string | undefined) ?? null}
      onChange={(value) => onChange({ [key]: value ?? undefined })}
      placeholder={t('report.filters.any')}
      clearable
    />
  );
  const question = options?.questions.find((q) => q.id === search.questionId);

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="report-filters-title">
      <Title order={2} size="h4" mb="sm" id="report-filters-title">
        {t('report.filters.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {options?.hasPersona && choice('persona', REPORT_YES_NO)}
        {list('roleIds', options?.roles)}
        {list('groupIds', options?.groups)}
        <DateField
          label={label('createdFrom')}
          value={search.createdFrom ?? null}
          onChange={(value) => onChange({ createdFrom: value ?? undefined })}
        />
        <DateField
          label={label('createdTo')}
          value={search.createdTo ?? null}
          onChange={(value) => onChange({ createdTo: value ?? undefined })}
        />
        <MultiSelect
          label={label('statuses')}
          data={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: t(`participants.status.${s}`) }))}
          value={search.statuses ?? []}
          onChange={(value) =>
            onChange({ statuses: value.length ? (value as ReportSearch['statuses']) : undefined })
          }
          clearable
        />
        {choice('active', REPORT_YES_NO)}
        {choice('new', REPORT_YES_NO)}
        <TextFilter label={label('who')} value={search.who} onApply={(who) => onChange({ who })} />
        {list('activityIds', options?.activities)}
        <MultiSelect
          label={label('activityTypes')}
          data={REPORT_ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activities.types.${type}`) }))}
          value={search.activityTypes ?? []}
          onChange={(value) =>
            onChange({ activityTypes: value.length ? (value as ReportSearch['activityTypes']) : undefined })
          }
          clearable
        />
        {list('categoryIds', options?.categories)}
        <DateField
          label={label('activityFrom')}
          value={search.activityFrom ?? null}
          onChange={(value) => onChange({ activityFrom: value ?? undefined })}
        />
        <DateField
          label={label('activityTo')}
          value={search.activityTo ?? null}
          onChange={(value) => onChange({ activityTo: value ?? undefined })}
        />
        <Select
          label={label('questionId')}
          data={data(options?.questions)}
          value={search.questionId ?? null}
          onChange={(value) => onChange({ questionId: value ?? undefined, choiceIds: undefined })}
          placeholder={t('report.filters.any')}
          searchable
          clearable
        />
        {question && list('choiceIds', question.choices)}
        {choice('b2b', REPORT_B2B)}
        <Select
          label={label('fieldId')}
          data={data(options?.fields)}
          value={search.fieldId ?? null}
          onChange={(value) => onChange({ fieldId: value ?? undefined, fieldValue: undefined })}
          placeholder={t('report.filters.any')}
          clearable
        />
        {search.fieldId && (
          <TextFilter
            label={label('fieldValue')}
            value={search.fieldValue}
            onApply={(fieldValue) => onChange({ fieldValue })}
          />
        )}
        {options?.hasSales && choice('payment', REPORT_PAYMENTS)}
        {options?.hasSales && choice('costType', REPORT_COST_TYPES)}
        {options?.hasSales && choice('paymentSource', REPORT_PAYMENT_SOURCES)}
      </SimpleGrid>
    </Paper>
  );
}
