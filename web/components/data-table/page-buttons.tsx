import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paginationWindow } from './rules';

/** The list's page buttons (P5): previous, a window of page numbers with gaps, next. */
export function PageButtons({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const window = paginationWindow(page, pages);
  if (window.length === 0) return null;
  return (
    <nav aria-label={t('table.pagination')}>
      <Group gap={4}>
        <Button
          variant="default"
          size="xs"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('table.previous')}
        >
          ‹
        </Button>
        {window.map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="xs"
              variant={item === page ? 'filled' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={t('table.page', { page: item })}
              onClick={() => onPage(item)}
            >
              {item}
            </Button>
          ) : (
            <Text key={item} size="sm" c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ),
        )}
        <Button
          variant="default"
          size="xs"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('table.next')}
        >
          ›
        </Button>
      </Group>
    </nav>
  );
}
