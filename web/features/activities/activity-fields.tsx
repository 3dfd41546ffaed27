import { NumberInput, type NumberInputProps, Radio, Select, type SelectProps, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPES, type ActivityCategory, HYBRID_TYPES } from '../../../contracts/activities';
import { useLocalizedName } from './localized-name';

/**
 * The fields the add and edit modal and the bulk actions share (`ActivityFormFields` by the style guide's names):
 * each takes the form kit's `field(...)` props.
 */
export function ActivityTypeSelect(props: SelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('activities.fields.type')}
      data={ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activities.types.${type}`) }))}
      allowDeselect={false}
      {...props}
    />
  );
}

export function HybridTypeSelect(props: SelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('activities.fields.hybridType')}
      data={HYBRID_TYPES.map((h) => ({ value: h, label: t(`activities.hybridTypes.${h}`) }))}
      allowDeselect={false}
      {...props}
    />
  );
}

/** A section or a category of the project, or none. */
export function ActivityCategorySelect({
  kind,
  items,
  ...props
}: SelectProps & { kind: 'section' | 'category'; items: ActivityCategory[] | undefined }) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  return (
    <Select
      label={t(`activities.fields.${kind}`)}
      data={(items ?? []).map((c) => ({ value: c.id, label: nameOf(c.name) }))}
      clearable
      placeholder={t('activities.none')}
      {...props}
    />
  );
}

/** A maximum of members; empty means no limit (null). */
export function MaxMembersInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('activities.fields.maxMembers')}
      description={t('activities.fields.maxMembersHelp')}
      min={1}
      allowDecimal={false}
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : null)}
    />
  );
}

/**
 * A local time lived twice (clocks falling back): which of the two instants the server named is meant, the first
 * (`earlier`) or the second (`later`).
 */
export function OffsetChoiceField(props: { value?: unknown; onChange?: unknown; error?: string }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('activities.dst.which')}
      description={t('activities.dst.whichHelp')}
      {...(props as object)}
      value={(props.value as string | undefined) ?? null}
      data-testid="offset-choice"
    >
      <Stack gap="xs" mt="xs">
        <Radio value="earlier" label={t('activities.dst.earlier')} />
        <Radio value="later" label={t('activities.dst.later')} />
      </Stack>
    </Radio.Group>
  );
}
