import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  getFirstCollision,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { showError } from '../feedback/error-dialog';
import {
  containerOf,
  isCategory,
  itemsOf,
  moveCategory,
  moveItem,
  orderOf,
  type SortableOrder,
  sameOrder,
} from './order';

/** What a sortable entry needs: an id, and a plain-text name for its handle and for screen readers. */
export interface SortableEntry {
  id: string;
  label: string;
}

export type SortableCategory<C extends SortableEntry, I extends SortableEntry> = C & { items: I[] };

export interface SortableListProps<I extends SortableEntry, C extends SortableEntry> {
  /** Names the list for assistive technologies. */
  label: string;
  /** Items outside any category; the whole list when there are no categories. */
  items: I[];
  categories?: SortableCategory<C, I>[];
  renderItem: (item: I) => ReactNode;
  /** The heading of a category (name and actions); its items follow. */
  renderCategory?: (category: SortableCategory<C, I>) => ReactNode;
  /**
   * Saves the new order; an empty reply (or a failure) is an error: the popup shows and the list returns to the
   * order it was given.
   */
  onSave: (order: SortableOrder) => Promise<unknown>;
  /** Reloads the list from the server once the save is over (P11: the list reloads after saving). */
  onReload?: () => unknown;
  /** Shown when there is nothing to sort. */
  emptyText?: string;
  disabled?: boolean;
  /** Every item belongs to a category (groups): no zone for items outside one. */
  itemsNeedCategory?: boolean;
}

/** The container of the items outside any category, for drag and drop. */
const ROOT = 'sortable-root';
const NO_CATEGORIES: never[] = [];
type Kind = 'item' | 'category';
const idOf = (id: UniqueIdentifier) => String(id);

/**
 * P11: a list sorted by drag and drop, by mouse, touch or keyboard (Space or Enter picks an entry up, the arrows
 * move it, Space or Enter drops it, Escape cancels). Items may sit in categories or outside any; categories move
 * with their items (hidden while the category is dragged). The new order is shown at once, saved through `onSave`,
 * then the list reloads.
 */
export function SortableList<I extends SortableEntry, C extends SortableEntry = SortableEntry>(
  props: SortableListProps<I, C>,
) {
  const { t } = useTranslation();
  const categories = props.categories ?? NO_CATEGORIES;
  const serverOrder = useMemo(() => orderOf(props.items, categories), [props.items, categories]);
  /** The order shown while dragging and saving; the server's otherwise. */
  const [local, setLocal] = useState<SortableOrder | null>(null);
  const [active, setActive] = useState<{ id: string; kind: Kind } | null>(null);
  const [saving, setSaving] = useState(false);
  const before = useRef<SortableOrder | null>(null);
  const order = local ?? serverOrder;
  // Drag events may follow each other faster than renders: they read and change the latest order.
  const latest = useRef(order);
  latest.current = order;

  const itemsById = useMemo(
    () => new Map([...props.items, ...categories.flatMap((c) => c.items)].map((i) => [i.id, i])),
    [props.items, categories],
  );
  const categoriesById = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: UniqueIdentifier) =>
    itemsById.get(idOf(id))?.label ?? categoriesById.get(idOf(id))?.label ?? '';
  const containerName = (categoryId: string | null) =>
    categoryId === null
      ? categories.length
        ? t('sorting.noCategory')
        : props.label
      : (categoriesById.get(categoryId)?.label ?? '');

  /** Where the dragged entry would land over `overId`, for announcements: position, list size, list name. */
  function placeOf(activeId: string, overId: string) {
    const order = latest.current;
    if (isCategory(order, activeId)) {
      const ids = order.categories.map((c) => c.id);
      const index = ids.indexOf(isCategory(order, overId) ? overId : activeId);
      return { position: index + 1, total: ids.length, container: props.label };
    }
    const overContainer = overId === activeId ? undefined : containerOf(order, overId);
    const container = overContainer !== undefined ? overContainer : containerOf(order, activeId);
    if (container === undefined) return null;
    const ids = itemsOf(order, container);
    const index = ids.indexOf(overContainer !== undefined ? overId : activeId);
    return { position: index + 1, total: ids.length, container: containerName(container) };
  }

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('sorting.announcements.picked', { name: nameOf(a.id) }),
    onDragOver: ({ active: a, over }) => {
      const place = over ? placeOf(idOf(a.id), idOf(over.id)) : null;
      return place
        ? t('sorting.announcements.moved', { name: nameOf(a.id), ...place })
        : t('sorting.announcements.outside', { name: nameOf(a.id) });
    },
    onDragEnd: ({ active: a, over }) => {
      const place = over ? placeOf(idOf(a.id), idOf(over.id)) : null;
      return place
        ? t('sorting.announcements.dropped', { name: nameOf(a.id), ...place })
        : t('sorting.announcements.cancelled', { name: nameOf(a.id) });
    },
    onDragCancel: ({ active: a }) => t('sorting.announcements.cancelled', { name: nameOf(a.id) }),
  };

  /**
   * A category is dropped among categories only. An item goes over the item under it; over a category or the
   * list outside categories when it holds none under the pointer.
   */
  const collisionDetection: CollisionDetection = (args) => {
    if (args.active.data.current?.kind === 'category') {
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => isCategory(order, idOf(c.id))),
      });
    }
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    const itemHit = hits.find((h) => containerOf(order, idOf(h.id)) !== undefined);
    if (itemHit) return [itemHit];
    const overId = getFirstCollision(hits, 'id');
    return overId === null ? [] : [{ id: overId }];
  };

  function handleDragStart({ active: a }: DragStartEvent) {
    before.current = order;
    setLocal(order);
    setActive({ id: idOf(a.id), kind: isCategory(order, idOf(a.id)) ? 'category' : 'item' });
  }

  /** An item crossing into another container moves there at once, so the list shows where it will land. */
  function handleDragOver({ active: a, over }: DragOverEvent) {
    if (!over || a.data.current?.kind !== 'item') return;
    const order = latest.current;
    const itemId = idOf(a.id);
    const overId = idOf(over.id);
    const from = containerOf(order, itemId);
    if (from === undefined || overId === itemId) return;
    let to: string | null;
    let index: number;
    const overContainer = containerOf(order, overId);
    if (overContainer !== undefined) {
      to = overContainer;
      const overIndex = itemsOf(order, to).indexOf(overId);
      const translated = a.rect.current.translated;
      const below = !!translated && translated.top > over.rect.top + over.rect.height / 2;
      index = overIndex + (below ? 1 : 0);
    } else {
      to = overId === ROOT ? null : overId;
      if (to !== null && !isCategory(order, to)) return;
      // Coming from above, the item enters at the top of the container; from below, at its end.
      const rank = (c: string | null) => (c === null ? -1 : order.categories.findIndex((x) => x.id === c));
      index = rank(to) > rank(from) ? 0 : itemsOf(order, to).length;
    }
    if (to === from) return;
    latest.current = moveItem(order, itemId, { categoryId: to, index });
    setLocal(latest.current);
  }

  function handleDragEnd({ active: a, over }: DragEndEvent) {
    const dragged = active;
    const order = latest.current;
    setActive(null);
    let next = order;
    if (over && dragged) {
      const activeId = idOf(a.id);
      const overId = idOf(over.id);
      if (dragged.kind === 'category' && isCategory(order, overId)) {
        next = moveCategory(
          order,
          activeId,
          order.categories.findIndex((c) => c.id === overId),
        );
      } else if (dragged.kind === 'item') {
        const container = containerOf(order, activeId);
        if (container !== undefined && containerOf(order, overId) === container) {
          next = moveItem(order, activeId, {
            categoryId: container,
            index: itemsOf(order, container).indexOf(overId),
          });
        }
      }
    } else if (!over && before.current) {
      next = before.current;
    }
    if (sameOrder(next, serverOrder)) {
      setLocal(null);
      return;
    }
    void save(next);
  }

  function handleDragCancel() {
    setActive(null);
    setLocal(null);
  }

  async function save(next: SortableOrder) {
    setLocal(next);
    setSaving(true);
    try {
      const reply = await props.onSave(next);
      if (!reply)
        throw new ApiError({ status: 0, code: 'emptyReply', title: t('sorting.errors.emptyReply') });
      await props.onReload?.();
    } catch (error) {
      showError(error);
      void props.onReload?.();
    } finally {
      setLocal(null);
      setSaving(false);
    }
  }

  const disabled = !!props.disabled || saving;
  const entryProps = { disabled, draggingKind: active?.kind ?? null };
  const renderItems = (ids: string[]) =>
    ids.map((id) => {
      const item = itemsById.get(id);
      return item ? (
        <SortableItemRow key={id} item={item} {...entryProps}>
          {props.renderItem(item)}
        </SortableItemRow>
      ) : null;
    });

  const isEmpty = order.items.length === 0 && order.categories.length === 0;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={handleDragCancel}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('sorting.instructions') },
      }}
    >
      <Stack
        gap="sm"
        aria-label={props.label}
        aria-busy={saving || undefined}
        role="group"
        data-sortable-list
      >
        {isEmpty && props.emptyText && (
          <Text c="dimmed" size="sm">
            {props.emptyText}
          </Text>
        )}
        {!(props.itemsNeedCategory && categories.length > 0) && (
          <SortableContext id={ROOT} items={order.items} strategy={verticalListSortingStrategy}>
            <RootZone
              withHeading={categories.length > 0}
              count={order.items.length}
              dragging={active?.kind === 'item'}
            >
              {renderItems(order.items)}
            </RootZone>
          </SortableContext>
        )}
        <SortableContext items={order.categories.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          {order.categories.map(({ id, items }) => {
            const category = categoriesById.get(id);
            if (!category) return null;
            return (
              <SortableCategoryBlock
                key={id}
                category={category}
                itemCount={items.length}
                heading={props.renderCategory?.(category) ?? <Text fw={600}>{category.label}</Text>}
                {...entryProps}
              >
                <SortableContext id={id} items={items} strategy={verticalListSortingStrategy}>
                  {renderItems(items)}
                </SortableContext>
              </SortableCategoryBlock>
            );
          })}
        </SortableContext>
      </Stack>
    </DndContext>
  );
}

interface EntryProps {
  disabled: boolean;
  /** What is being dragged now: while a category moves, items are neither dragged nor dropped on. */
  draggingKind: Kind | null;
}

function useEntry(id: string, kind: Kind, { disabled, draggingKind }: EntryProps) {
  const { t } = useTranslation();
  const sortable = useSortable({
    id,
    data: { kind },
    disabled:
      kind === 'item'
        ? { draggable: disabled, droppable: disabled || draggingKind === 'category' }
        : disabled,
    attributes: { roleDescription: t('sorting.roleDescription') },
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 2 : undefined,
    opacity: sortable.isDragging ? 0.85 : undefined,
  };
  return { ...sortable, style };
}

function DragHandle({ name, entry }: { name: string; entry: ReturnType<typeof useEntry> }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      ref={entry.setActivatorNodeRef}
      variant="subtle"
      color="gray"
      style={{ cursor: entry.isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...entry.attributes}
      {...entry.listeners}
      aria-label={t('sorting.handle', { name })}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
}

function SortableItemRow({
  item,
  children,
  ...props
}: EntryProps & { item: SortableEntry; children: ReactNode }) {
  const entry = useEntry(item.id, 'item', props);
  return (
    <Paper
      ref={entry.setNodeRef}
      style={entry.style}
      withBorder
      p="xs"
      shadow={entry.isDragging ? 'md' : undefined}
      data-sortable-item={item.id}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DragHandle name={item.label} entry={entry} />
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
    </Paper>
  );
}

function SortableCategoryBlock({
  category,
  heading,
  itemCount,
  children,
  ...props
}: EntryProps & { category: SortableEntry; heading: ReactNode; itemCount: number; children: ReactNode }) {
  const { t } = useTranslation();
  const entry = useEntry(category.id, 'category', props);
  return (
    <Paper
      ref={entry.setNodeRef}
      style={entry.style}
      withBorder
      p="sm"
      bg="var(--mantine-color-gray-0)"
      shadow={entry.isDragging ? 'md' : undefined}
      data-sortable-category={category.id}
    >
      <Group gap="xs" wrap="nowrap" mb={entry.isDragging ? 0 : 'xs'}>
        <DragHandle name={category.label} entry={entry} />
        <Box style={{ flex: 1, minWidth: 0 }}>{heading}</Box>
      </Group>
      {entry.isDragging ? (
        <Text size="xs" c="dimmed" pl={36}>
          {t('sorting.itemsHidden', { count: itemCount })}
        </Text>
      ) : (
        <Stack gap={6} pl={36} mih={36}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}

/** The items outside any category; a place to drop an item out of its category, when there are categories. */
function RootZone({
  withHeading,
  count,
  dragging,
  children,
}: {
  withHeading: boolean;
  count: number;
  dragging: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: ROOT, disabled: !withHeading || !dragging });
  if (!withHeading) return <Stack gap={6}>{children}</Stack>;
  return (
    <Stack
      ref={setNodeRef}
      gap={6}
      p="xs"
      style={{
        border: `1px dashed var(--mantine-color-gray-${dragging ? 5 : 3})`,
        borderRadius: 'var(--mantine-radius-sm)',
        background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
      }}
      data-sortable-root
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('sorting.noCategory')}
      </Text>
      {count === 0 && (
        <Text size="sm" c="dimmed">
          {t('sorting.noCategoryEmpty')}
        </Text>
      )}
      {children}
    </Stack>
  );
}
