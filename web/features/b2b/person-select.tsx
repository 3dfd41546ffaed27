import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { B2bPerson } from '../../../contracts/b2b';
import { peopleQuery } from './api';

export const personLabel = (p: Pick<B2bPerson, 'firstName' | 'lastName' | 'organisation'>) =>
  p.organisation ? `${p.firstName} ${p.lastName} — ${p.organisation}` : `${p.firstName} ${p.lastName}`;

/** A participant of the session, found by typing part of a name, e-mail or company (the server searches). */
export function PersonSelect({
  projectId,
  sessionId,
  initial,
  ...props
}: Omit<SelectProps, 'data' | 'searchable' | 'onSearchChange'> & {
  projectId: string;
  sessionId: string;
  /** The person already chosen (shown before any search). */
  initial?: B2bPerson | null;
}) {
  const [term, setTerm] = useState('');
  const search = (text: string) => setTerm(text.includes(' — ') ? '' : text);
  const [debounced] = useDebouncedValue(term, 250);
  const people = useQuery(peopleQuery(projectId, sessionId, debounced));
  // Every person seen stays an option, so that the chosen one keeps its label whatever is searched next.
  const seen = useRef(new Map<string, B2bPerson>());
  if (initial) seen.current.set(initial.id, initial);
  for (const p of people.data?.items ?? []) seen.current.set(p.id, p);
  const shown = new Set((people.data?.items ?? []).map((p) => p.id));
  if (props.value) shown.add(props.value);
  const data = [...seen.current.values()]
    .filter((p) => shown.has(p.id))
    .map((p) => ({ value: p.id, label: personLabel(p) }));
  return (
    <Select {...props} data={data} searchable onSearchChange={search} filter={({ options }) => options} />
  );
}

type PairField = 'participantA' | 'participantB';

/** The two people of a pair (a blocked pair, a meeting), the first one focused when the modal opens. */
export function PairSelects({
  projectId,
  sessionId,
  field,
  onChange,
}: {
  projectId: string;
  sessionId: string;
  /** The form's input props of a field (`useAppForm().field`). */
  field: (name: PairField) => Omit<SelectProps, 'onChange'>;
  onChange: (name: PairField, value: string) => void;
}) {
  const { t } = useTranslation();
  return (['participantA', 'participantB'] as const).map((name, i) => (
    <PersonSelect
      key={name}
      projectId={projectId}
      sessionId={sessionId}
      label={t(i === 0 ? 'b2b.blocked.first' : 'b2b.blocked.second')}
      required
      data-autofocus={i === 0 || undefined}
      {...field(name)}
      onChange={(v) => onChange(name, v ?? '')}
    />
  ));
}
