import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listActivities } from '../../../contracts/activities';
import { inLanguage, type Localized } from '../../../contracts/texts';
import { call } from '../../lib/api';
import { useGroupOptions } from '../groups/api';

/** Typing pauses this long before the server is asked (a project may have thousands of activities). */
const SEARCH_DELAY_MS = 300;

interface TargetSelectProps {
  projectId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  label: string;
}

/**
 * One activity of the project, past ones included, searched on the server by title: the first 25 matches are
 * offered. The chosen one keeps its name (`chosenName`) when no search finds it.
 */
export function ActivitySelect(props: TargetSelectProps & { chosenName: Localized | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const { projectId, value } = props;
  const query = { q: term || undefined, past: 'true' as const, pageSize: 25, page: 1, dir: 'asc' as const };
  const list = useQuery({
    queryKey: ['activities', projectId, 'list', query],
    queryFn: ({ signal }) => call(listActivities, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });
  const options = (list.data?.items ?? []).map((a) => ({
    value: a.id,
    label: inLanguage(a.title, language),
  }));
  if (value && props.chosenName && !options.some((o) => o.value === value))
    options.unshift({ value, label: inLanguage(props.chosenName, language) });
  return (
    <Select
      label={props.label}
      placeholder={t('notifications.form.activityPlaceholder')}
      data={options}
      value={value}
      onChange={(id) => props.onChange(id)}
      error={props.error}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already: every option it sent is kept.
      filter={({ options: all }) => all}
      nothingFoundMessage={t('notifications.form.noActivity')}
      data-testid="notification-activity"
      comboboxProps={{ withinPortal: true }}
      withAsterisk
    />
  );
}

/** One group of the project, under its category. */
export function GroupSelect(props: TargetSelectProps) {
  const { t } = useTranslation();
  const options = useGroupOptions(props.projectId);
  return (
    <Select
      label={props.label}
      placeholder={t('notifications.form.groupPlaceholder')}
      data={options}
      value={props.value}
      onChange={(id) => props.onChange(id)}
      error={props.error}
      searchable
      nothingFoundMessage={t('notifications.form.noGroup')}
      data-testid="notification-group"
      comboboxProps={{ withinPortal: true }}
      withAsterisk
    />
  );
}
