import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportOptions } from '../../../../contracts/reports';
import { useFormat } from '../../../lib/format';
import type { ReportFilterKey, ReportSearch } from './search';

type Named = { id: string; name: { fr: string; en: string } };

/** The filters in the order the form shows them (the badges follow it). */
export const FILTER_ORDER: ReportFilterKey[] = [
  'persona',
  'roleIds',
  'groupIds',
  'participantIds',
  'createdFrom',
  'createdTo',
  'statuses',
  'active',
  'new',
  'who',
  'activityIds',
  'activityTypes',
  'categoryIds',
  'activityFrom',
  'activityTo',
  'questionId',
  'choiceIds',
  'b2b',
  'fieldId',
  'fieldValue',
  'payment',
  'costType',
  'paymentSource',
];

/** T1: each active filter as a badge saying what it keeps, with a button that removes it. */
export function ReportBadges({
  search,
  options,
  onRemove,
  onClear,
}: {
  search: ReportSearch;
  options: ReportOptions | undefined;
  onRemove: (key: ReportFilterKey) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { date } = useFormat();
  const nameOf = (n: Named['name']) => (i18n.language === 'en' ? n.en : n.fr) || n.fr;
  const names = (list: Named[] | undefined, ids: string[]) =>
    ids.map((id) => {
      const found = list?.find((item) => item.id === id);
      return found ? nameOf(found.name) : '…';
    });
  const question = options?.questions.find((q) => q.id === search.questionId);

  function shown(key: ReportFilterKey): string {
    const value = search[key];
    switch (key) {
      case 'roleIds':
        return names(options?.roles, search.roleIds ?? []).join(', ');
      case 'groupIds':
        return names(options?.groups, search.groupIds ?? []).join(', ');
      case 'activityIds':
        return names(options?.activities, search.activityIds ?? []).join(', ');
      case 'categoryIds':
        return names(options?.categories, search.categoryIds ?? []).join(', ');
      case 'activityTypes':
        return (search.activityTypes ?? []).map((type) => t(`activities.types.${type}`)).join(', ');
      case 'choiceIds':
        return names(question?.choices, search.choiceIds ?? []).join(', ');
      case 'participantIds':
        return t('report.filters.selected', { count: search.participantIds?.length ?? 0 });
      case 'questionId':
        return names(options?.questions, [String(value)]).join('');
      case 'fieldId':
        return names(options?.fields, [String(value)]).join('');
      case 'createdFrom':
      case 'createdTo':
      case 'activityFrom':
      case 'activityTo':
        return date(String(value));
      case 'statuses':
        return (search.statuses ?? []).map((s) => t(`participants.status.${s}`)).join(', ');
      case 'who':
      case 'fieldValue':
        return String(value);
      default:
        return t(`report.filters.${value as 'yes'}`);
    }
  }

  const active = FILTER_ORDER.filter((key) => {
    const value = search[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
  });
  if (!active.length) return null;
  return (
    <Group gap="xs" aria-label={t('report.activeFilters')} role="group" data-testid="report-badges">
      <Text size="sm" fw={500}>
        {t('report.activeFilters')}
      </Text>
      {active.map((key) => {
        const label = t('report.badge', { label: t(`report.filters.${key}`), value: shown(key) });
        return (
          <Badge
            key={key}
            variant="light"
            size="lg"
            tt="none"
            data-testid={`badge-${key}`}
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={t('report.remove', { label })}
                onClick={() => onRemove(key)}
              >
                <IconX size={12} />
              </ActionIcon>
            }
          >
            {label}
          </Badge>
        );
      })}
      <Button size="compact-sm" variant="subtle" onClick={onClear}>
        {t('report.clear')}
      </Button>
    </Group>
  );
}
