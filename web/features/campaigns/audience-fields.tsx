import { Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_CRITERIA, type CampaignCriterion } from '../../../contracts/campaigns';
import { activityListQuery, activityQuery } from '../activities/api';
import { useLocalizedName } from '../activities/localized-name';
import { useGroupOptions } from '../groups/api';
import { paymentListQuery } from '../payments/api';

export interface Audience {
  activityId: string | null;
  notSubscribed: boolean;
  groupId: string | null;
  groupInverse: boolean;
  criteria: CampaignCriterion[];
  buyers: boolean;
  paymentId: string | null;
}

export interface AudienceFieldsProps {
  projectId: string;
  audience: Audience;
  transactional: boolean;
  onAudience: (next: Partial<Audience>) => void;
  onTransactional: (value: boolean) => void;
  /** Field errors by path (`audience.activityId`…). */
  errors: Record<string, string>;
}

/**
 * C1: who receives the message — the members of an activity (or the participants not registered for it), of a
 * group (or everyone except it), narrowed by the criteria; and whether it is transactional (CASL).
 */
export function AudienceFields({
  projectId,
  audience,
  transactional,
  onAudience,
  onTransactional,
  errors,
}: AudienceFieldsProps) {
  const { t } = useTranslation();
  const groups = useGroupOptions(projectId);
  return (
    <Stack gap="sm">
      {audience.buyers && (
        <PaymentSelect
          projectId={projectId}
          value={audience.paymentId}
          onChange={(paymentId) => onAudience({ paymentId })}
          error={errors['audience.paymentId']}
        />
      )}
      <Text size="sm" c="dimmed">
        {t(audience.buyers ? 'campaigns.compose.everyBuyer' : 'campaigns.compose.everyone')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap="xs">
          <ActivitySelect
            projectId={projectId}
            value={audience.activityId}
            onChange={(activityId) =>
              onAudience({ activityId, notSubscribed: activityId ? audience.notSubscribed : false })
            }
            error={errors['audience.activityId']}
          />
          <Checkbox
            label={t('campaigns.compose.notSubscribed')}
            checked={audience.notSubscribed}
            disabled={!audience.activityId}
            onChange={(event) => onAudience({ notSubscribed: event.currentTarget.checked })}
          />
        </Stack>
        <Stack gap="xs">
          <Select
            label={t('campaigns.compose.group')}
            placeholder={t('campaigns.compose.anyGroup')}
            data={groups}
            value={audience.groupId}
            onChange={(groupId) =>
              onAudience({ groupId, groupInverse: groupId ? audience.groupInverse : false })
            }
            searchable
            clearable
            error={errors['audience.groupId']}
            data-testid="group-select"
          />
          <Checkbox
            label={t('campaigns.compose.groupInverse')}
            checked={audience.groupInverse}
            disabled={!audience.groupId}
            onChange={(event) => onAudience({ groupInverse: event.currentTarget.checked })}
          />
        </Stack>
      </SimpleGrid>
      <Checkbox.Group
        label={t('campaigns.compose.criteria')}
        value={audience.criteria}
        onChange={(values) => onAudience({ criteria: values as CampaignCriterion[] })}
        error={errors['audience.criteria']}
      >
        <Group gap="lg" mt={4}>
          {CAMPAIGN_CRITERIA.map((criterion) => (
            <Checkbox
              key={criterion}
              value={criterion}
              label={t(`campaigns.compose.criterion.${criterion}`)}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox
        label={t('campaigns.compose.transactional')}
        description={t('campaigns.compose.transactionalHint')}
        checked={transactional}
        onChange={(event) => onTransactional(event.currentTarget.checked)}
      />
    </Stack>
  );
}

/** A select of one of the project's records by id (null: none chosen). */
interface IdSelectProps {
  projectId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}

/** One of the project's activities (the first 100 by title, searched on the server as typed), or none. */
function ActivitySelect({ projectId, value, onChange, error }: IdSelectProps) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const options = useQuery({
    ...activityListQuery(projectId, { past: 'true', pageSize: 100, sort: 'title', q: q || undefined }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({ ...activityQuery(projectId, value ?? ''), enabled: Boolean(value) });
  const data = (options.data?.items ?? []).map((a) => ({ value: a.id, label: nameOf(a.title) }));
  if (chosen.data && !data.some((o) => o.value === chosen.data.id))
    data.unshift({ value: chosen.data.id, label: nameOf(chosen.data.title) });
  return (
    <Select
      label={t('campaigns.compose.activity')}
      placeholder={t('campaigns.compose.anyActivity')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      error={error}
      data-testid="activity-select"
    />
  );
}

/** C1's buyers page: the payment whose buyers receive the message, or every buyer. */
function PaymentSelect({ projectId, value, onChange, error }: IdSelectProps) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const payments = useQuery(paymentListQuery(projectId));
  const data = (payments.data?.items ?? []).map((p) => ({ value: p.id, label: nameOf(p.name) }));
  return (
    <Select
      label={t('campaigns.compose.payment')}
      placeholder={t('campaigns.compose.anyPayment')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      error={error}
      data-testid="payment-select"
    />
  );
}
