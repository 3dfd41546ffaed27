import { Alert, Box, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  candidateSortable,
  MemberAddSelection,
  MemberCandidate,
} from '../../../contracts/activity-members';
import { DataTable, type ListData } from '../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';

type Sortable = (typeof candidateSortable)[number];
const fullName = (m: MemberCandidate) => `${m.firstName} ${m.lastName}`.trim();

/** What one side's list asks the server: its page, its sort and its search. */
export type SideQuery = ReturnType<typeof listQueryOf<ListState>> & { sort: Sortable | undefined };

/** The rows a move takes: the checked ones, or every row the side's search finds. */
export type MoveSelection = { mode: 'ids'; participantIds: string[] } | { mode: 'matching'; q?: string };

/** A move's mutation, as TanStack Query's `useMutation` gives it. */
interface Move<S, R> {
  isPending: boolean;
  mutate: (
    selection: S,
    callbacks: { onSuccess: (result: R) => void; onError: (error: unknown) => void },
  ) => void;
}

interface SideTexts {
  title: string;
  label: string;
  empty: string;
}

/** What the manager says, translated by the caller. */
export interface MemberManagerTexts {
  title: string;
  out: SideTexts;
  in: SideTexts;
  addSelected: (count: number) => string;
  addAll: (count: number) => string;
  removeSelected: (count: number) => string;
  removeAll: (count: number) => string;
  added: (count: number) => string;
  removed: (count: number) => string;
}

/** What a failed move shows in the modal: the server's sentence (the seats left), else a generic one. */
function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError && error.title ? error.title : fallback;
}

/**
 * The in / out manager (V7 activity members, M2 match group members): the project's participants outside (out) and
 * inside (in) side by side, each searched and paged with check boxes; buttons move the checked rows, or every row
 * the search finds, from one list to the other. Errors (over the maximum) are shown here. With `confirmRemove`, a
 * removal is confirmed first.
 */
export function MemberManagerModal<
  TIn extends ListData<MemberCandidate>,
  KOut extends QueryKey,
  KIn extends QueryKey,
>({
  texts,
  testIds,
  outQuery,
  inQuery,
  add,
  remove,
  confirmRemove,
  header,
  footer,
  onClose,
}: {
  texts: MemberManagerTexts;
  testIds: { out: string; in: string };
  outQuery: (
    query: SideQuery,
  ) => UseQueryOptions<ListData<MemberCandidate>, Error, ListData<MemberCandidate>, KOut>;
  inQuery: (query: SideQuery) => UseQueryOptions<TIn, Error, TIn, KIn>;
  add: Move<MemberAddSelection, { added: number }>;
  remove: Move<MoveSelection, { removed: number }>;
  confirmRemove?: { title: string; confirmLabel: string; body: (count: number) => string };
  /** Above the lists (the activity's capacity), given the "in" list's answer. */
  header?: (members: TIn | undefined) => ReactNode;
  /** Below the lists (an import). */
  footer?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [outState, setOutState] = useState<ListState>({});
  const [inState, setInState] = useState<ListState>({});
  const [outChecked, setOutChecked] = useState<string[]>([]);
  const [inChecked, setInChecked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ selection: MoveSelection; count: number } | null>(null);
  const query = (state: ListState): SideQuery => ({
    ...listQueryOf(state),
    sort: state.sort as Sortable | undefined,
  });
  const out = useQuery(outQuery(query(outState)));
  const members = useQuery(inQuery(query(inState)));
  const failed = (e: unknown) => setError(errorText(e, t('errors.unexpected')));

  function handleAdd(selection: MemberAddSelection) {
    setError(null);
    add.mutate(selection, {
      onSuccess: (result) => {
        setOutChecked([]);
        notifications.show({ color: 'teal', message: texts.added(result.added) });
      },
      onError: failed,
    });
  }

  function handleRemove(selection: MoveSelection) {
    setError(null);
    remove.mutate(selection, {
      onSuccess: (result) => {
        setInChecked([]);
        setConfirm(null);
        notifications.show({ color: 'teal', message: texts.removed(result.removed) });
      },
      onError: (e) => {
        setConfirm(null);
        failed(e);
      },
    });
  }

  /** Removes at once, or asks first. */
  function askRemove(selection: MoveSelection, count: number) {
    if (confirmRemove) setConfirm({ selection, count });
    else handleRemove(selection);
  }

  const outTotal = out.data?.total ?? 0;
  const inTotal = members.data?.total ?? 0;

  return (
    <AppModal opened onClose={onClose} size="xl" title={texts.title}>
      <Stack>
        {header?.(members.data)}
        {error && (
          <Alert
            color="red"
            role="alert"
            data-testid="manager-error"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <MemberListSide
            testId={testIds.out}
            texts={texts.out}
            data={out.data}
            query={out}
            state={outState}
            onStateChange={setOutState}
            checked={outChecked}
            onChecked={setOutChecked}
          >
            <Button
              rightSection={<IconArrowRight size={16} aria-hidden />}
              disabled={outChecked.length === 0}
              loading={add.isPending}
              onClick={() => handleAdd({ mode: 'ids', participantIds: outChecked })}
            >
              {texts.addSelected(outChecked.length)}
            </Button>
            <Button
              variant="light"
              disabled={outTotal === 0}
              loading={add.isPending}
              onClick={() => handleAdd({ mode: 'matching', q: outState.q })}
            >
              {texts.addAll(outTotal)}
            </Button>
          </MemberListSide>
          <MemberListSide
            testId={testIds.in}
            texts={texts.in}
            data={members.data}
            query={members}
            state={inState}
            onStateChange={setInState}
            checked={inChecked}
            onChecked={setInChecked}
          >
            <Button
              color="red"
              variant="outline"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              disabled={inChecked.length === 0}
              loading={confirmRemove ? undefined : remove.isPending}
              onClick={() => askRemove({ mode: 'ids', participantIds: inChecked }, inChecked.length)}
            >
              {texts.removeSelected(inChecked.length)}
            </Button>
            <Button
              color="red"
              variant="subtle"
              disabled={inTotal === 0}
              loading={confirmRemove ? undefined : remove.isPending}
              onClick={() => askRemove({ mode: 'matching', q: inState.q }, inTotal)}
            >
              {texts.removeAll(inTotal)}
            </Button>
          </MemberListSide>
        </SimpleGrid>
        {footer}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
      {confirm && confirmRemove && (
        <ConfirmModal
          opened
          danger
          title={confirmRemove.title}
          confirmLabel={confirmRemove.confirmLabel}
          loading={remove.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => handleRemove(confirm.selection)}
        >
          {confirmRemove.body(confirm.count)}
        </ConfirmModal>
      )}
    </AppModal>
  );
}

/** One of the two lists: its title, its table with check boxes, and the buttons that move its rows. */
function MemberListSide(props: {
  testId: string;
  texts: SideTexts;
  data: ListData<MemberCandidate> | undefined;
  query: { isFetching: boolean; error: unknown; refetch: () => unknown };
  state: ListState;
  onStateChange: (state: ListState) => void;
  checked: string[];
  onChecked: (ids: string[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid={props.testId}>
      <Title order={3} size="h4" mb="xs">
        {props.texts.title}
      </Title>
      <DataTable<MemberCandidate>
        label={props.texts.label}
        columns={[
          { key: 'name', header: t('activities.members.name'), sortKey: 'name', render: fullName },
          { key: 'email', header: t('activities.members.email'), sortKey: 'email', render: (m) => m.email },
        ]}
        data={props.data}
        isLoading={props.query.isFetching}
        error={props.query.error}
        onRetry={() => void props.query.refetch()}
        state={props.state}
        onStateChange={props.onStateChange}
        getRowId={(m) => m.participantId}
        selection={{ selected: props.checked, onChange: props.onChecked }}
        emptyText={props.texts.empty}
      />
      <Group gap="xs" mt="sm">
        {props.children}
      </Group>
    </Box>
  );
}
