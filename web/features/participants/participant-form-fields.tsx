import { MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import {
  PARTICIPANT_STATUSES,
  type ParticipantFormOptions,
  type ParticipantInput,
} from '../../../contracts/participants';
import {
  isChoiceType,
  joinChoices,
  type ProfileFieldItem,
  splitChoices,
} from '../../../contracts/profile-fields';
import type { AppForm } from '../../components/forms/use-app-form';
import { PhoneInput } from '../../components/phone-input';
import { useGroupOptions } from '../groups/api';
import { profileFieldListQuery } from '../profile-fields/api';

/** The localized name in the reader's language. */
export function useLocalizedName() {
  const { i18n } = useTranslation();
  return (name: { fr: string; en: string }) =>
    (i18n.language === 'en' ? name.en : name.fr) || name.fr || name.en;
}

/**
 * U5: the items of the project's single- and multiple-choice fields, by field id, in order (read from the profile
 * fields of the project of the page; nothing is asked when the form has no choice field).
 */
export function useChoiceItems(projectId: string | undefined, needed: boolean) {
  const query = useQuery({
    ...profileFieldListQuery(projectId ?? ''),
    enabled: Boolean(projectId) && needed,
  });
  return useMemo(
    () => new Map<string, ProfileFieldItem[]>((query.data?.items ?? []).map((f) => [f.id, f.items])),
    [query.data],
  );
}

/**
 * U5: whether the form shows a standard field: switched active on the profile fields page (names and e-mail
 * always are; a key the options do not list is shown).
 */
export function isFieldActive(options: Pick<ParticipantFormOptions, 'standardFields'>, key: string) {
  return options.standardFields.find((f) => f.key === key)?.isActive ?? true;
}

/** U5: whether the info window shows a standard field: active and « Affiché sur la fiche » (shown on view). */
export function isFieldShownOnView(
  options: Pick<ParticipantFormOptions, 'standardFields'> | undefined,
  key: string,
) {
  const field = options?.standardFields.find((f) => f.key === key);
  return field ? field.isActive && field.isShownOnView : true;
}

/**
 * The fields of a participant, shared by the add modal and the edition panel: role (required, §5), names,
 * e-mail, organisation, phones (P9), language, status (edition only) and the project's own profile fields (U5): a
 * single choice is a Select, a multiple choice a MultiSelect (its answer kept as item ids joined by a comma), both
 * labelled in the reader's language. Only the active fields show (U5); the values of the others stay in the form
 * and the server keeps what is stored for them.
 */
export function ParticipantFormFields({
  app,
  options,
  withStatus = false,
}: {
  app: Pick<AppForm<ParticipantInput>, 'form' | 'field'>;
  options: ParticipantFormOptions;
  withStatus?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const { form, field } = app;
  const values = form.getValues() as ParticipantInput;
  const { projectId } = useParams({ strict: false }) as { projectId?: string };
  const choiceItems = useChoiceItems(
    projectId,
    options.profileFields.some((f) => isChoiceType(f.inputType)),
  );
  const active = (key: string) => isFieldActive(options, key);
  const groupData = useGroupOptions(projectId);
  const phone = (key: 'phone' | 'phonePro') => {
    if (!active(key)) return null;
    const props = field(key);
    return (
      <PhoneInput
        label={t(`participants.fields.${key}`)}
        value={String(values[key] ?? '')}
        onChange={(value) => form.setFieldValue(key, value)}
        onBlur={() => form.validateField(key)}
        error={props.error}
        required={required(key)}
      />
    );
  };
  const roleField = field('roleId');
  const required = (key: string) => options.requiredFields.includes(key);
  const custom = (f: ParticipantFormOptions['profileFields'][number]) => {
    const props = {
      label: nameOf(f.title),
      required: f.isMandatory,
      ...field(`profile.${f.id}`),
      value: String((values.profile as Record<string, string> | undefined)?.[f.id] ?? ''),
    };
    if (f.inputType === 'longText') return <Textarea key={f.id} autosize minRows={2} {...props} />;
    if (f.inputType === 'choice' || f.inputType === 'choices') {
      const data = (choiceItems.get(f.id) ?? []).map((item) => ({
        value: item.id,
        label: nameOf(item.label),
      }));
      const set = (value: string) => {
        form.setFieldValue(`profile.${f.id}`, value);
        form.validateField(`profile.${f.id}`);
      };
      if (f.inputType === 'choice') {
        return (
          <Select
            key={f.id}
            data={data}
            searchable
            clearable={!f.isMandatory}
            {...props}
            value={props.value || null}
            onChange={(value) => set(value ?? '')}
            data-testid={`profile-choice-${f.id}`}
          />
        );
      }
      return (
        <MultiSelect
          key={f.id}
          data={data}
          searchable
          clearable
          {...props}
          value={splitChoices(props.value)}
          onChange={(ids) => set(joinChoices(ids))}
          data-testid={`profile-choices-${f.id}`}
        />
      );
    }
    if (f.inputType === 'yesNo') {
      return (
        <Select
          key={f.id}
          data={[
            { value: 'yes', label: t('common.yes') },
            { value: 'no', label: t('common.no') },
          ]}
          {...props}
          value={props.value || null}
          onChange={(value) => form.setFieldValue(`profile.${f.id}`, value ?? '')}
        />
      );
    }
    const type = f.inputType === 'date' ? 'date' : f.inputType === 'url' ? 'url' : 'text';
    return <TextInput key={f.id} type={type} {...props} />;
  };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: withStatus ? 2 : 1 }}>
        <Select
          label={t('participants.fields.role')}
          required
          data={options.roles.map((r) => ({ value: r.id, label: nameOf(r.name) }))}
          allowDeselect={false}
          {...roleField}
          value={(roleField.value as string) || null}
          onChange={(value) => form.setFieldValue('roleId', value ?? '')}
          data-testid="participant-role"
        />
        {withStatus && (
          <Select
            label={t('participants.fields.status')}
            data={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: t(`participants.status.${s}`) }))}
            allowDeselect={false}
            {...field('status')}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('participants.fields.firstName')} required {...field('firstName')} />
        <TextInput label={t('participants.fields.lastName')} required {...field('lastName')} />
      </SimpleGrid>
      <TextInput label={t('participants.fields.email')} type="email" required {...field('email')} />
      {(active('organisation') || active('jobTitle')) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {active('organisation') && (
            <TextInput
              label={t('participants.fields.organisation')}
              required={required('organisation')}
              {...field('organisation')}
            />
          )}
          {active('jobTitle') && (
            <TextInput
              label={t('participants.fields.jobTitle')}
              required={required('jobTitle')}
              {...field('jobTitle')}
            />
          )}
        </SimpleGrid>
      )}
      {(active('phone') || active('phonePro')) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {phone('phone')}
          {phone('phonePro')}
        </SimpleGrid>
      )}
      {active('language') && (
        <Select
          label={t('participants.fields.language')}
          data={(['fr', 'en'] as Language[]).map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          allowDeselect={false}
          {...field('language')}
        />
      )}
      {groupData.length > 0 && (
        <MultiSelect
          label={t('participants.fields.groups')}
          data={groupData}
          searchable
          clearable
          {...field('groupIds')}
          value={values.groupIds ?? []}
          onChange={(ids) => form.setFieldValue('groupIds', ids)}
          data-testid="participant-groups"
        />
      )}
      {options.profileFields.length > 0 && (
        <>
          <Title order={3} size="h5" mt="sm">
            {t('participants.profileTitle')}
          </Title>
          {options.profileFields.map(custom)}
        </>
      )}
    </Stack>
  );
}

/**
 * The form's starting values for a participant, or for a new one: a new participant starts with the project's
 * default role and default language (U2).
 */
export function participantFormValues(
  p?: {
    role: { id: string };
    firstName: string;
    lastName: string;
    email: string;
    organisation: string | null;
    jobTitle: string | null;
    phone: string | null;
    phonePro: string | null;
    language: Language;
    status: ParticipantInput['status'];
    profile: Record<string, string>;
    groups?: { id: string }[];
    pictureFileId?: string | null;
    cv?: { id: string } | null;
    videoUrl?: string | null;
  },
  defaults?: Pick<ParticipantFormOptions, 'defaultRoleId' | 'defaultLanguage'>,
): ParticipantInput {
  return {
    roleId: p?.role.id ?? defaults?.defaultRoleId ?? '',
    firstName: p?.firstName ?? '',
    lastName: p?.lastName ?? '',
    email: p?.email ?? '',
    organisation: p?.organisation ?? '',
    jobTitle: p?.jobTitle ?? '',
    phone: p?.phone ?? '',
    phonePro: p?.phonePro ?? '',
    language: p?.language ?? defaults?.defaultLanguage ?? 'fr',
    status: p?.status ?? 'registered',
    profile: { ...(p?.profile ?? {}) },
    groupIds: (p?.groups ?? []).map((g) => g.id),
    pictureFileId: p?.pictureFileId ?? null,
    cvFileId: p?.cv?.id ?? null,
    videoUrl: p?.videoUrl ?? '',
  };
}
