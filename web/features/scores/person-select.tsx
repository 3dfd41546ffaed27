import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getParticipant, listParticipants } from '../../../contracts/participants';
import { call } from '../../lib/api';

/** Typing pauses this long before the server is asked (2,000 people are searched there, not in the browser). */
const SEARCH_DELAY_MS = 300;

const fullName = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName} · ${p.email}`;

/**
 * One participant of the project (of the group chosen, when one is), searched on the server by name or e-mail: the
 * first 25 matches are offered. Empty means every participant of the side.
 */
export function PersonSelect(props: {
  projectId: string;
  groupId: string | undefined;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  label: string;
  testId: string;
  /** What the empty select says; « every participant of the group » unless told. */
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const { projectId, groupId, value } = props;
  const query = {
    q: term || undefined,
    groupId,
    pageSize: 25,
    page: 1,
    dir: 'asc' as const,
    sort: 'lastName' as const,
  };
  const list = useQuery({
    queryKey: ['scores', projectId, 'people', query],
    queryFn: ({ signal }) => call(listParticipants, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });
  // The chosen person's name, when they came from the address rather than from a search.
  const chosen = useQuery({
    queryKey: ['participants', projectId, 'one', value],
    queryFn: ({ signal }) =>
      call(getParticipant, { params: { projectId, participantId: value ?? '' }, signal }),
    enabled: !!value,
  });
  const options = (list.data?.items ?? []).map((p) => ({ value: p.id, label: fullName(p) }));
  if (value && chosen.data && !options.some((o) => o.value === value))
    options.unshift({ value, label: fullName(chosen.data) });
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder ?? t('scores.participantPlaceholder')}
      data={options}
      value={value ?? null}
      onChange={(id) => props.onChange(id ?? undefined)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already: every option it sent is kept.
      filter={({ options: all }) => all}
      nothingFoundMessage={t('scores.empty.noPeople')}
      description={t('scores.participantSearch')}
      data-testid={props.testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
