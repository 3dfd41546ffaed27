import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconX,
} from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contracts/http';
import { useFormat } from '../../lib/format';
import classes from './data-table.module.css';
import type { ListState } from './list-search';
import { PageButtons } from './page-buttons';
import { nextSort, pageCount, rowRange } from './rules';
import { TableScroll } from './table-scroll';

export interface Column<T> {
  key: string;
  header: string;
  /** The sort key sent to the server; set when the column can be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Cells kept on one line (a date and time); the table scrolls sideways when that makes it too wide. */
  noWrap?: boolean;
}

export interface ListData<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface DataTableProps<T> {
  label: string;
  columns: Column<T>[];
  data: ListData<T> | undefined;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  state: ListState;
  onStateChange: (next: ListState) => void;
  getRowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Row check boxes with a selection count. */
  selection?: { selected: string[]; onChange: (ids: string[]) => void; actions?: ReactNode };
  /** Filters shown beside the search box. */
  filters?: ReactNode;
  emptyText?: string;
  /** What an empty list shows when nothing is searched (a first step to take); `emptyText` otherwise. */
  emptyState?: ReactNode;
}

/**
 * The table's data, loading, error and retry from the React Query list it shows:
 * `<DataTable {...fromQuery(list)} … />`.
 */
export function fromQuery<T>(list: {
  data: ListData<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}): Pick<DataTableProps<T>, 'data' | 'isLoading' | 'error' | 'onRetry'> {
  return {
    data: list.data,
    isLoading: list.isFetching,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
}

/** P5: the one data table of the product. Server-side paging, sorting and search, with its state in the URL. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const { state, onStateChange, data, columns, selection } = props;
  const [term, setTerm] = useState(state.q ?? '');
  useEffect(() => setTerm(state.q ?? ''), [state.q]);

  const page = state.page ?? 1;
  const pageSize = state.pageSize ?? DEFAULT_PAGE_SIZE;
  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);

  // A page past the end (an old bookmark, rows removed meanwhile) moves to the last page there is.
  const pastTheEnd = !!data && data.items.length === 0 && page > pages;
  useEffect(() => {
    if (pastTheEnd) onStateChange({ ...state, page: pages > 1 ? pages : undefined });
  }, [pastTheEnd, pages, onStateChange, state]);
  const range = rowRange(page, pageSize, total);
  const items = data?.items ?? [];
  const pageIds = items.map(props.getRowId);
  const selected = new Set(selection?.selected ?? []);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));

  function applySearch(value: string) {
    onStateChange({ ...state, q: value.trim() || undefined, page: undefined });
  }

  function handleSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      applySearch(term);
    }
  }

  function handleSort(column: string) {
    const next = nextSort({ sort: state.sort, dir: state.dir ?? 'asc' }, column);
    onStateChange({ ...state, ...next, page: undefined });
  }

  function toggleAll() {
    if (!selection) return;
    const rest = selection.selected.filter((id) => !pageIds.includes(id));
    selection.onChange(allOnPage ? rest : [...rest, ...pageIds]);
  }

  function toggleRow(id: string) {
    if (!selection) return;
    selection.onChange(
      selected.has(id) ? selection.selected.filter((s) => s !== id) : [...selection.selected, id],
    );
  }

  // The first column stays in view while the table scrolls sideways (with the check boxes before it).
  const firstColumn = [classes.stickyCell, classes.stickyEdge, selection ? classes.afterSelect : '']
    .filter(Boolean)
    .join(' ');

  const sortIcon = (key: string) => {
    if (state.sort !== key) return <IconArrowsSort size={14} aria-hidden />;
    return state.dir === 'desc' ? (
      <IconSortDescending size={14} aria-hidden />
    ) : (
      <IconSortAscending size={14} aria-hidden />
    );
  };

  return (
    <Box>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={t('table.searchLabel')}
            placeholder={t('table.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            onKeyDown={handleSearchKey}
            w={320}
            rightSection={
              term ? (
                <UnstyledButton
                  aria-label={t('common.close')}
                  onClick={() => {
                    setTerm('');
                    applySearch('');
                  }}
                  className={classes.clear}
                >
                  <IconX size={14} />
                </UnstyledButton>
              ) : null
            }
            data-testid="table-search"
          />
          {props.filters}
        </Group>
        {selection && selection.selected.length > 0 && (
          <Group gap="xs" data-testid="table-selection">
            <Text size="sm" fw={500}>
              {t('table.selected', { count: selection.selected.length })}
            </Text>
            {selection.actions}
            <Button variant="subtle" size="xs" onClick={() => selection.onChange([])}>
              {t('table.clearSelection')}
            </Button>
          </Group>
        )}
      </Group>

      {props.error ? (
        <Alert color="red" title={t('table.loadError')} mb="sm">
          {props.onRetry && (
            <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Alert>
      ) : null}

      <TableScroll
        label={props.label}
        overlay={<LoadingOverlay visible={props.isLoading} zIndex={5} overlayProps={{ blur: 1 }} />}
      >
        <Table
          highlightOnHover={!!props.onRowClick}
          verticalSpacing="sm"
          aria-label={props.label}
          stickyHeader
        >
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th className={`${classes.selectCell} ${classes.stickyCell}`}>
                  <Checkbox
                    aria-label={t('table.selectAll')}
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    onChange={toggleAll}
                  />
                </Table.Th>
              )}
              {columns.map((column, index) => (
                <Table.Th
                  key={column.key}
                  className={index === 0 ? firstColumn : undefined}
                  w={column.width}
                  ta={column.align}
                  aria-sort={
                    column.sortKey && state.sort === column.sortKey
                      ? state.dir === 'desc'
                        ? 'descending'
                        : 'ascending'
                      : undefined
                  }
                >
                  {column.sortKey ? (
                    <UnstyledButton
                      className={classes.sort}
                      onClick={() => handleSort(column.sortKey as string)}
                      aria-label={t('table.sortBy', { column: column.header })}
                    >
                      <span>{column.header}</span>
                      {sortIcon(column.sortKey)}
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => {
              const id = props.getRowId(row);
              return (
                <Table.Tr
                  key={id}
                  className={props.onRowClick ? classes.clickable : undefined}
                  onClick={
                    props.onRowClick
                      ? (e) => {
                          // A link or a control in the row does its own work (a link opens on its own, also in
                          // a new tab): only a click elsewhere on the row is the row's.
                          if (!isControl(e.target, e.currentTarget)) props.onRowClick?.(row);
                        }
                      : undefined
                  }
                  onKeyDown={
                    props.onRowClick
                      ? (e) => {
                          if (e.key === 'Enter' && e.target === e.currentTarget) props.onRowClick?.(row);
                        }
                      : undefined
                  }
                  tabIndex={props.onRowClick ? 0 : undefined}
                  data-selected={selected.has(id) || undefined}
                >
                  {selection && (
                    <Table.Td
                      className={`${classes.selectCell} ${classes.stickyCell}`}
                      onClick={(e) => e.stopPropagation()}
                    >
                      <Checkbox
                        aria-label={t('table.selectRow')}
                        checked={selected.has(id)}
                        onChange={() => toggleRow(id)}
                      />
                    </Table.Td>
                  )}
                  {columns.map((column, index) => (
                    <Table.Td
                      key={column.key}
                      className={
                        [index === 0 ? firstColumn : '', column.noWrap ? classes.noWrap : '']
                          .join(' ')
                          .trim() || undefined
                      }
                      ta={column.align}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            {!props.isLoading && data && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                  {!state.q && props.emptyState ? (
                    props.emptyState
                  ) : (
                    <Text c="dimmed" ta="center" py="xl">
                      {state.q ? t('table.noResults') : (props.emptyText ?? t('table.empty'))}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>

      <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="table-range">
            {t('table.range', { from: number(range.from), to: number(range.to), total: number(total) })}
          </Text>
          <Select
            aria-label={t('table.rowsPerPage')}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            value={String(pageSize)}
            onChange={(value) =>
              onStateChange({ ...state, pageSize: value ? Number(value) : undefined, page: undefined })
            }
            allowDeselect={false}
            w={90}
            size="xs"
            data-testid="table-page-size"
          />
          <Text size="sm" c="dimmed">
            {t('table.rowsPerPage')}
          </Text>
        </Group>
        <PageButtons page={page} pages={pages} onPage={(p) => onStateChange({ ...state, page: p })} />
      </Group>
    </Box>
  );
}

/** Whether a click on `target` within the row `row` lands on a link or a control of its own. */
function isControl(target: EventTarget, row: Element) {
  const control =
    target instanceof Element ? target.closest('a[href], button, input, label, select, textarea') : null;
  return !!control && row.contains(control);
}
