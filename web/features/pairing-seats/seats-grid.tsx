import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Box, Paper, SimpleGrid, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RejectCode } from '../../../contracts/pairing-seats';
import type { SeatTable } from '../../../contracts/pairings';
import { TableCard, useTableLabel } from './table-card';

/** A card is at least this wide; the grid has as many columns as fit. */
const CARD_MIN_WIDTH = 250;
const GAP = 12;
/** Before the first layout (and where nothing is laid out, as in tests): a usual screen. */
const FALLBACK_RECT = { width: 1100, height: 700 };

export interface SeatsGridProps {
  tables: SeatTable[];
  chosenTables: ReadonlySet<string>;
  selectedId: string | null;
  conflicts: ReadonlyMap<string, RejectCode[]> | null;
  absent: ReadonlySet<string>;
  onSelect: (participantId: string) => void;
  onMove: (participantId: string, tableId: string) => void;
}

const NO_ONE: ReadonlySet<string> = new Set();

/**
 * M4: the tables of one round in a grid, rows virtualised (only the rows in view, and two more each side, are in
 * the page: 250 tables of 8 stay smooth), people dragged between tables by mouse, or by keyboard (Space lifts, the
 * arrows go to the table beside, above or below, Space drops, Escape cancels), every step announced.
 */
export function SeatsGrid(props: SeatsGridProps) {
  const { t } = useTranslation();
  const labelOf = useTableLabel();
  const { ref: sizeRef, width } = useElementSize();
  const scrollRef = useRef<HTMLDivElement>(null);
  const mergedRef = useMergedRef(sizeRef, scrollRef);
  const columns = Math.max(1, Math.floor(((width || FALLBACK_RECT.width) + GAP) / (CARD_MIN_WIDTH + GAP)));
  const rows = Math.ceil(props.tables.length / columns);
  const maxSeats = props.tables.reduce((most, entry) => Math.max(most, entry.table.seats), 0);
  const estimate = 56 + 30 * Math.min(maxSeats, 12) + GAP;

  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 2,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FALLBACK_RECT)),
    // A row not laid out (hidden, or no layout at all) keeps its estimate rather than collapsing to nothing.
    measureElement: (element) => element.getBoundingClientRect().height || estimate,
  });

  // Who is where, for the announcements and the keyboard.
  const where = useMemo(() => {
    const people = new Map<string, { name: string; tableId: string }>();
    const tableIndex = new Map<string, number>();
    props.tables.forEach((entry, index) => {
      tableIndex.set(entry.table.id, index);
      for (const p of entry.people)
        people.set(p.participantId, { name: `${p.firstName} ${p.lastName}`, tableId: entry.table.id });
    });
    return { people, tableIndex };
  }, [props.tables]);
  const keyboardTarget = useRef<string | null>(null);
  const latest = useRef({ where, columns, tables: props.tables });
  latest.current = { where, columns, tables: props.tables };

  /** The arrows go from table to table: left and right one table, up and down one row of the grid. */
  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { active, currentCoordinates, context }) => {
      const { where: w, columns: cols, tables } = latest.current;
      const step =
        event.code === KeyboardCode.Right
          ? 1
          : event.code === KeyboardCode.Left
            ? -1
            : event.code === KeyboardCode.Down
              ? cols
              : event.code === KeyboardCode.Up
                ? -cols
                : 0;
      if (!step) return undefined;
      event.preventDefault();
      const current = keyboardTarget.current ?? w.people.get(String(active))?.tableId;
      const from = current === undefined ? -1 : (w.tableIndex.get(current) ?? -1);
      const to = Math.min(tables.length - 1, Math.max(0, from + step));
      const target = tables[to]?.table.id;
      const rect = target ? context.droppableRects.get(target) : undefined;
      if (target && rect) keyboardTarget.current = target;
      const moving = context.collisionRect;
      if (!rect || !moving) {
        // Not in the page yet (virtualised): bring its row into view; the next press reaches it.
        virtualizer.scrollToIndex(Math.floor(to / cols));
        return undefined;
      }
      return {
        x: currentCoordinates.x + rect.left + rect.width / 2 - (moving.left + moving.width / 2),
        y: currentCoordinates.y + rect.top + rect.height / 2 - (moving.top + moving.height / 2),
      };
    },
    [virtualizer],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Enter selects the person (the button's click); Space lifts and drops.
    useSensor(KeyboardSensor, {
      coordinateGetter,
      keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space] },
    }),
  );
  // The pointer's table; by keyboard, the table the arrows went to (the person's own at first), whatever the geometry.
  const collisionDetection: CollisionDetection = useCallback((args) => {
    if (!args.pointerCoordinates) {
      const target =
        keyboardTarget.current ?? latest.current.where.people.get(String(args.active.id))?.tableId;
      const hit = args.droppableContainers.find((c) => c.id === target);
      if (hit) return [{ id: hit.id, data: { droppableContainer: hit, value: 0 } }];
    }
    const hits = pointerWithin(args);
    return hits.length ? hits : closestCenter(args);
  }, []);

  const [dragged, setDragged] = useState<string | null>(null);
  const tableName = (id: unknown) => {
    const entry = props.tables[where.tableIndex.get(String(id)) ?? -1];
    return entry ? labelOf(entry.table) : '';
  };
  const seatsOf = (id: unknown) => {
    const entry = props.tables[where.tableIndex.get(String(id)) ?? -1];
    return entry ? { used: entry.people.length, seats: entry.table.seats } : { used: 0, seats: 0 };
  };
  const nameOf = (id: unknown) => where.people.get(String(id))?.name ?? '';
  const fromOf = (id: unknown) => where.people.get(String(id))?.tableId;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('pairingSeats.announce.picked', { name: nameOf(active.id), table: tableName(fromOf(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('pairingSeats.announce.over', {
            name: nameOf(active.id),
            table: tableName(over.id),
            ...seatsOf(over.id),
          })
        : t('pairingSeats.announce.outside', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over && String(over.id) !== fromOf(active.id)
        ? t('pairingSeats.announce.dropped', { name: nameOf(active.id), table: tableName(over.id) })
        : t('pairingSeats.announce.stayed', { name: nameOf(active.id), table: tableName(fromOf(active.id)) }),
    onDragCancel: ({ active }) =>
      t('pairingSeats.announce.cancelled', { name: nameOf(active.id), table: tableName(fromOf(active.id)) }),
  };

  const handleDragStart = (event: DragStartEvent) => {
    keyboardTarget.current = null;
    setDragged(String(event.active.id));
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    keyboardTarget.current = null;
    setDragged(null);
    const from = fromOf(active.id);
    if (over && from && String(over.id) !== from) props.onMove(String(active.id), String(over.id));
  };

  const { onSelect, chosenTables, selectedId, conflicts, absent } = props;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        keyboardTarget.current = null;
        setDragged(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('pairingSeats.announce.instructions') },
      }}
    >
      <Box
        ref={mergedRef}
        style={{ height: '70vh', overflowY: 'auto', position: 'relative' }}
        data-testid="seats-grid"
        // The grid scrolls by itself: reachable and scrollable by keyboard.
        tabIndex={0}
        role="region"
        aria-label={t('pairingSeats.gridLabel')}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start}px)`,
              }}
            >
              <SimpleGrid cols={columns} spacing={GAP} pb={GAP}>
                {props.tables.slice(row.index * columns, row.index * columns + columns).map((entry) => {
                  const here =
                    selectedId !== null && entry.people.some((p) => p.participantId === selectedId);
                  return (
                    <TableCard
                      key={entry.table.id}
                      entry={entry}
                      chosen={chosenTables.has(entry.table.id)}
                      selectedId={here ? selectedId : null}
                      conflicts={here ? conflicts : null}
                      absent={entry.people.some((p) => absent.has(p.participantId)) ? absent : NO_ONE}
                      onSelect={onSelect}
                    />
                  );
                })}
              </SimpleGrid>
            </div>
          ))}
        </div>
      </Box>
      <DragOverlay dropAnimation={{ duration: 150 }}>
        {dragged ? (
          <Paper shadow="md" p={4} withBorder>
            <Text size="sm">{nameOf(dragged)}</Text>
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
